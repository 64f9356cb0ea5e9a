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
    files: TEST_FILES,
    rules: { 'import-x/no-restricted-paths': 'off' },
  },
);
