// Types of ./noSilentCatch.js for TypeScript callers (its test).
import type { Rule } from 'eslint';
declare const rule: Rule.RuleModule;
export default rule;
