// Types of ./noIssueReferences.js for TypeScript callers (the migration name check reuses its pattern).
import type { Rule } from 'eslint';
export function issueReference(text: string): string | null;
declare const rule: Rule.RuleModule;
export default rule;
