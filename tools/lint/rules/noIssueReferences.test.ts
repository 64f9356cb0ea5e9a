// What `local/no-issue-references` refuses in a comment, and what it lets through (colours, anchors, counts).
import { describe, expect, it } from 'vitest';
import { issueReference } from './noIssueReferences.js';

describe('no-issue-references', () => {
  it('finds issue, pull request and round references', () => {
    expect(issueReference(' Journal tab (issue 12). ')).toBe('issue 12');
    expect(issueReference(' see issues 24 and 25 ')).toBe('issues 24');
    expect(issueReference(' fixed in #123 ')).toBe('#123');
    expect(issueReference(' since round 3 ')).toBe('round 3');
    expect(issueReference(' PR 45 ')).toBe('PR 45');
  });

  it('lets colours, anchors, entities and plain numbers through', () => {
    expect(issueReference(' background #fff or #1a2b3c ')).toBeNull();
    expect(issueReference(' docs/product.md#offline ')).toBeNull();
    expect(issueReference(' &#123; ')).toBeNull();
    expect(issueReference(' 12 issues at most, issue the request ')).toBeNull();
  });
});
