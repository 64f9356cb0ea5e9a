// ESLint rule `local/no-silent-catch`: an error dropped on purpose says why, on the spot. An empty `catch {}` needs
// a comment inside its block or after it on its closing line; a `.catch()` handler that does nothing
// (`() => undefined`, `() => null`, `() => void 0`, `() => {}`) needs a comment within the call or after it on its
// last line. A handled error (shown, logged, rethrown) needs none.

/** True when a handler function does nothing with the error: returns undefined, null or void 0, or has an empty body. */
export function isSilentHandler(fn) {
  if (!fn || (fn.type !== 'ArrowFunctionExpression' && fn.type !== 'FunctionExpression')) return false;
  const b = fn.body;
  if (b.type === 'BlockStatement') return b.body.length === 0;
  if (b.type === 'Identifier') return b.name === 'undefined';
  if (b.type === 'Literal') return b.value === null;
  return b.type === 'UnaryExpression' && b.operator === 'void' && b.argument.type === 'Literal';
}

/** True when a comment lies within `node` or starts after it on the line where it ends. */
export function hasReasonComment(comments, node) {
  const [start, end] = node.range;
  const endLine = node.loc.end.line;
  return comments.some((c) => (c.range[0] >= start && c.range[1] <= end) || (c.range[0] >= end && c.loc.start.line === endLine));
}

export default {
  meta: {
    type: 'suggestion',
    docs: { description: 'An empty catch or a do-nothing .catch() handler states its reason in a comment on the spot' },
    schema: [],
    messages: {
      emptyCatch: 'Empty catch: say why the error is dropped in a comment on the same line (or handle it: show, log).',
      silentHandler: '.catch() that drops the error: say why in a comment on the same line (or handle it: show, log).',
    },
  },
  create(context) {
    const comments = context.sourceCode.getAllComments();
    return {
      CatchClause(node) {
        if (node.body.body.length === 0 && !hasReasonComment(comments, node.body)) context.report({ node, messageId: 'emptyCatch' });
      },
      CallExpression(node) {
        const callee = node.callee;
        if (callee.type !== 'MemberExpression' || callee.computed || callee.property.name !== 'catch') return;
        if (!isSilentHandler(node.arguments[0])) return;
        const from = { range: [callee.property.range[0], node.range[1]], loc: node.loc }; // from '.catch' to the call's end
        if (!hasReasonComment(comments, from)) context.report({ node: callee.property, messageId: 'silentHandler' });
      },
    };
  },
};
