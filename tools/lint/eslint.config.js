// The lint rules of the repository (the root eslint.config.js re-exports this file): ESLint's and
// typescript-eslint's recommended sets, the rules of hooks, and the import boundaries of the README's
// architecture map (see CONTRIBUTING.md#boundaries). Run with `npm run lint`.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';
import comments from '@eslint-community/eslint-plugin-eslint-comments';
import { fileURLToPath } from 'node:url';
import noIssueReferences from './rules/noIssueReferences.js';
import noSilentCatch from './rules/noSilentCatch.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Test code: test files, and the test-only helpers and fixtures under test/ (and supabase/tests). Test code may import across layers (a contract test drives
 * src/data against the server); product code may never import test code.
 */
export const TEST_HELPERS = [
  'supabase/tests/**',
  'test/**',
];
export const TEST_FILES = ['**/*.test.ts', '**/*.test.tsx', 'e2e/**', 'bench/**', ...TEST_HELPERS];

const isGlob = (path) => path.includes('*');

/**
 * What lives for a signed-in user belongs to the session scope (src/state/userSession.ts): no module-level
 * `let`/`var`, and no module-level Map/Set, in src/state and src/data. The exceptions, by file and reason:
 */
export const SESSION_STATE_EXCEPTIONS = [
  { file: 'src/data/currentSession.ts', reason: 'the one pointer to the current session scope' },
  { file: 'src/data/client.ts', reason: 'the page\'s supabase client, its config and its refusal listeners: created before any sign-in, it signs users in and out and outlives sessions' },
  { file: 'src/state/auth.ts', reason: '`started`: bootstrap runs once per page (its auth listener outlives sessions)' },
  { file: 'src/state/offline/index.ts', reason: '`started`: the window listeners and the retry interval are wired once per page (they read the current session)' },
];
const SESSION_STATE_MESSAGE = 'Per-user state belongs to the session scope: declare it with definePart (src/core/session/scope.ts), see src/state/userSession.ts.';

/** The layering, one zone per rule. Paths are relative to the repository root; `except` is relative to `from`. */
export const BOUNDARIES = [
  {
    target: './src/core',
    from: ['./src', './workers', './server', './supabase', './scripts'],
    except: ['./core'],
    message: 'src/core is pure: it imports nothing of the app (CONTRIBUTING.md#boundaries).',
  },
  {
    target: './workers',
    from: ['./src', './server', './supabase'],
    except: ['./core'],
    message: 'A worker imports only src/core (CONTRIBUTING.md#boundaries).',
  },
  {
    target: './src/platform',
    from: ['./src', './workers'],
    except: ['./core', './platform'],
    message: 'src/platform (browser plumbing such as the worker host) imports only src/core (CONTRIBUTING.md#boundaries).',
  },
  {
    target: './src/map',
    from: ['./src/features'],
    message: 'The map engine never imports a screen: mount screens from src/features (CONTRIBUTING.md#boundaries).',
  },
  {
    target: ['./src/map', './src/features', './src/ui'],
    from: ['./src/data'],
    message: 'Screens and the map use src/state, never src/data (CONTRIBUTING.md#boundaries).',
  },
  {
    target: ['./src', './workers'],
    from: ['./server', './supabase', './scripts'],
    message: 'The app runs in the browser: it imports nothing of server/, supabase/ or scripts/ (CONTRIBUTING.md#boundaries).',
  },
  {
    target: ['./server', './supabase'],
    from: ['./src'],
    except: ['./core'],
    message: 'The server and the database seed import nothing of src/ but src/core (CONTRIBUTING.md#boundaries).',
  },
  {
    target: ['./src', './workers', './server', './supabase/seed'],
    from: TEST_FILES.filter(isGlob).map((glob) => `./${glob}`),
    message: 'Product code never imports tests, test helpers, bench or e2e code (CONTRIBUTING.md#boundaries).',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      'dist/**',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'public/**',
      'supabase/functions/**', // Deno (Supabase Edge Functions): npm: imports, Deno globals
      '.data*/**',
      'bench/results/**',
      '**/*.d.ts',
      '**/*.d.mts',
    ],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.browser, ...globals.node, ...globals.worker },
    },
    plugins: { 'react-hooks': reactHooks, 'import-x': importX, '@eslint-community/eslint-comments': comments },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: BOUNDARIES }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Every eslint-disable states its reason after `--` on the same line.
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: [] }],
      '@eslint-community/eslint-comments/no-unlimited-disable': 'error',
    },
  },
  {
    files: ['src/state/**/*.{ts,tsx}', 'src/data/**/*.{ts,tsx}'],
    ignores: [...TEST_FILES, ...SESSION_STATE_EXCEPTIONS.map((e) => e.file)],
    rules: {
      'no-restricted-syntax': ['error',
        { selector: 'Program > VariableDeclaration[kind!="const"]', message: SESSION_STATE_MESSAGE },
        { selector: 'Program > ExportNamedDeclaration > VariableDeclaration[kind!="const"]', message: SESSION_STATE_MESSAGE },
        { selector: 'Program > VariableDeclaration > VariableDeclarator > NewExpression.init[callee.name=/^(Map|Set)$/]', message: SESSION_STATE_MESSAGE },
      ],
    },
  },
  {
    // Every file, tests included: comments about the code as it is, test titles saying what they check
    // (tools/lint/rules/noIssueReferences.js).
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { local: { rules: { 'no-issue-references': noIssueReferences, 'no-silent-catch': noSilentCatch } } },
    rules: { 'local/no-issue-references': 'error' },
  },
  {
    // The app and its workers: an error dropped on purpose says why on the spot (tools/lint/rules/noSilentCatch.js).
    files: ['src/**/*.{ts,tsx}', 'workers/**/*.ts'],
    ignores: TEST_FILES,
    rules: { 'local/no-silent-catch': 'error' },
  },
  {
    files: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
