// ESLint rule `local/no-issue-references`: a comment in product code explains the code as it is; it does not point
// to an issue, a round or a pull request ('issue 12', '#123', 'round 3'), which are not in the repository. History
// belongs in `git log` and docs/decisions.md.

/** A reference to an issue, a pull request or a round in a comment's text, or null. */
export function issueReference(text) {
  const m = /\b(?:issues?|PR|pull request|round)\s+#?\d+\b|(?<![\w&/#-])#\d{1,5}\b(?![0-9a-fA-F-])/i.exec(text);
  return m ? m[0] : null;
}

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments state what the code does now, without issue, pull request or round references' },
    schema: [],
    messages: {
      reference: "'{{ref}}' in a comment: state what the code does (history goes to git log and docs/decisions.md).",
    },
  },
  create(context) {
    return {
      Program() {
        for (const comment of context.sourceCode.getAllComments()) {
          const ref = issueReference(comment.value);
          if (ref) context.report({ loc: comment.loc, messageId: 'reference', data: { ref } });
        }
      },
    };
  },
};
