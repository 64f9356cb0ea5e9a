// ESLint flat config: the rules live in tools/lint (installed apart, see CONTRIBUTING.md#lint).
export { default } from './tools/lint/eslint.config.js';
