// What `local/no-issue-references` refuses in a comment or a test title, and what it lets through (colours,
// anchors, counts); the rule run by ESLint's own Linter on small sources.
import { describe, expect, it } from 'vitest';
import { Linter } from 'eslint';
import rule, { issueReference } from './noIssueReferences.js';

/** The rule's messages on `code` (plain JavaScript, module). */
function lint(code: string): { messageId?: string; line: number }[] {
  const config = [{ plugins: { local: { rules: { 'no-issue-references': rule } } }, rules: { 'local/no-issue-references': 'error' as const } }];
  return new Linter({ configType: 'flat' }).verify(code, config).map((m) => ({ messageId: m.messageId, line: m.line }));
}

describe('no-issue-references', () => {
  it('finds issue, pull request and round references', () => {
    expect(issueReference(' Journal tab (issue 12). ')).toBe('issue 12');
    expect(issueReference(' see issues 24 and 25 ')).toBe('issues 24');
    expect(issueReference(' fixed in #123 ')).toBe('#123');
    expect(issueReference(' since round 3 ')).toBe('round 3');
    expect(issueReference(' PR 45 ')).toBe('PR 45');
    expect(issueReference(' Issue 27 item 4: headers ')).toBe('Issue 27');
  });

  it('lets colours, anchors, entities and plain numbers through', () => {
    expect(issueReference(' background #fff or #1a2b3c ')).toBeNull();
    expect(issueReference(' docs/product.md#offline ')).toBeNull();
    expect(issueReference(' &#123; ')).toBeNull();
    expect(issueReference(' 12 issues at most, issue the request ')).toBeNull();
  });

  it('reports a reference in a line or block comment', () => {
    expect(lint('// The sidebar (issue 20).\nconst a = 1;\n/* round 3 */\nexport { a };')).toEqual([
      { messageId: 'reference', line: 1 }, { messageId: 'reference', line: 3 },
    ]);
  });

  it('reports a reference in a test title, with modifiers, each and templates', () => {
    const code = [
      "describe('the form (issue 15)', () => {});",
      "it.skip('keeps the PK, #42', () => {});",
      "test.describe(`phones (issue ${1}0)`, () => {});",
      "it.each([1])('case %s (round 2)', () => {});",
    ].join('\n');
    expect(lint(code)).toEqual([1, 2, 3, 4].map((line) => ({ messageId: 'title', line })));
  });

  it('leaves titles and calls that cite nothing, and strings that are not titles', () => {
    const code = [
      "describe('the form keeps the PK typed', () => {});",
      "it('a colour #fff and docs/product.md#roles', () => {});",
      "expect(find('issue 12')).toBe('issue 12');",
      "console.log('issue 3');",
    ].join('\n');
    expect(lint(code)).toEqual([]);
  });
});
