// ESLint's flat config, run by `npm run lint` (.github/CONTRIBUTING.md, "Development and tests"). The rules are
// the ones that catch bugs; layout is prettier's, and eslint-config-prettier, last, turns off every rule
// that would argue with it.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import lit from 'eslint-plugin-lit';
import wc from 'eslint-plugin-wc';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Node's globals that browsers and workers do not have (tsc knows them from @types/node, so eslint says it). */
const NODE_ONLY = Object.keys(globals.node).filter(
  (name) => !(name in globals.browser) && !(name in globals.worker),
);

export default tseslint.config(
  {
    // build output, installed packages and what scripts write
    ignores: ['dist/', 'coverage/', 'test-results/', '.dist-*/', '.*-releases/', 'lib/'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node },
      // type-aware rules read tsconfig.json's program; the JavaScript files (two configs, the bin's launcher, the threads' bootstrap) are outside it
      parserOptions: {
        projectService: {
          allowDefaultProject: [
            'eslint.config.js',
            'widget/custom-elements-manifest.config.mjs',
            'scripts/shared/thread-bootstrap.mjs',
            'scripts/bin/resort-conditions.js',
          ],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // as tsc's noUnusedLocals: a leading underscore or a rest sibling marks a value left out on purpose
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      // The rules below are recommendedTypeChecked's that judge style rather than find bugs, each with more
      // than a handful of reports in code that is right. `any` flowing from JSON.parse and from test doubles:
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      // an assertion tsc no longer needs is harmless
      '@typescript-eslint/no-unnecessary-type-assertion': 'off',
      // `async` on a function without `await` keeps a throw a rejection, as its callers expect
      '@typescript-eslint/require-await': 'off',
      // the project's interfaces declare functions as methods; none of them reads `this`
      '@typescript-eslint/unbound-method': 'off',
    },
  },
  {
    // tests read JSON bodies and page objects whose shape is what they assert
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // the element and the code a release runs elsewhere (an edge function, a partner's page, a card's
    // frame) run in browsers and workers: Node's own globals (process, Buffer, require) are errors there
    files: ['widget/**/*.ts', 'scripts/*/runtime/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.worker } },
    rules: {
      'no-restricted-globals': [
        'error',
        ...NODE_ONLY.map((name) => ({
          name,
          message: `${name} is Node's: this code runs in browsers and workers`,
        })),
      ],
    },
  },
  { ...lit.configs['flat/recommended'], files: ['widget/**/*.ts'] },
  { ...wc.configs['flat/recommended'], files: ['widget/**/*.ts'] },
  prettier,
);
