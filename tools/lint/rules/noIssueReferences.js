// ESLint rule `local/no-issue-references`: a comment explains the code as it is and a test's title says what it
// checks; neither points to an issue, a round or a pull request by its number, which are not in the repository.
// History belongs in `git log` and docs/decisions.md.

/** A reference to an issue, a pull request or a round in a text, or null. */
export function issueReference(text) {
  const m = /\b(?:issues?|PR|pull request|round)\s+#?\d+\b|(?<![\w&/#-])#\d{1,5}\b(?![0-9a-fA-F-])/i.exec(text);
  return m ? m[0] : null;
}

/** The test functions whose first argument is a title: describe, it, test, bench, suite and their modifiers. */
const TEST_CALLS = new Set(['describe', 'it', 'test', 'bench', 'suite']);
function isTestCall(callee) {
  if (callee.type === 'Identifier') return TEST_CALLS.has(callee.name);
  if (callee.type === 'MemberExpression') return isTestCall(callee.object);
  if (callee.type === 'CallExpression') return isTestCall(callee.callee); // it.each([...])('title', ...)
  return false;
}

/** The text of a title argument: a string, or a template's literal parts. */
function titleText(node) {
  if (node?.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node?.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? q.value.raw).join(' ');
  return null;
}

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'Comments and test titles state what the code does, without issue, pull request or round references' },
    schema: [],
    messages: {
      reference: "'{{ref}}' in a comment: state what the code does (history goes to git log and docs/decisions.md).",
      title: "'{{ref}}' in a test title: say what the test checks.",
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
      CallExpression(node) {
        if (!isTestCall(node.callee)) return;
        const text = titleText(node.arguments[0]);
        const ref = text === null ? null : issueReference(text);
        if (ref) context.report({ node: node.arguments[0], messageId: 'title', data: { ref } });
      },
    };
  },
};
