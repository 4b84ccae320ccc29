// ESLint for every workspace, configured once (flat config). Syntax-only rules (no type information),
// so a lint of the whole repository stays fast; formatting is Prettier's job (npm run format).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'coverage/**', 'artifacts/**', '**/.data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2022, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      // A leading underscore marks a value left unused on purpose (a rest sibling, a required parameter).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true, caughtErrors: 'none' }],
      // Errors are rethrown as AppError with the spec's message on purpose; the cause is logged where it matters.
      'preserve-caught-error': 'off',
    },
  },
  {
    files: ['customer-web/src/**', 'admin-console/src/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Code every payment, list or refusal runs through. An object literal that starts with a spread and then adds keys
    // gets a hidden class of its own each time on Node 20's V8: ~5 kB a call, allocated where the collector only finds
    // it in a full collection (docs/performance.md#no-spread-then-keys-literals). Object.assign, or the keys written out.
    files: ['server/src/common/**/*.ts', 'server/src/plugins/**/*.ts', 'server/src/modules/{auth,ledger,transactions,transfers}/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ObjectExpression > SpreadElement:first-child ~ *',
          message: 'A literal that starts with a spread and adds keys gets a new hidden class per object (docs/performance.md): use Object.assign or write the keys out.',
        },
      ],
    },
  },
  // Module boundaries (docs/ARCHITECTURE.md, "Modules and their public surfaces"): a server module is used only through its
  // index.ts. A file in modules/X names another module as '../Y' (modules/Y/index.ts), never one of its files; the
  // plugins, app.ts and boot.ts name a module as 'modules/Y'. Tests (server/test, *.test.ts) and the tools workspace may
  // reach inside a module, as unit tests of its parts and measurements of them do.
  ...moduleBoundaries(),

  { files: ['**/*.js', '**/*.cjs'], languageOptions: { sourceType: 'commonjs' }, rules: { '@typescript-eslint/no-require-imports': 'off' } },
  { files: ['**/*.test.js', '**/*.test.ts'], languageOptions: { globals: { ...globals.jest } } },
);

/** no-restricted-imports for the module boundaries, for files directly in a module, one folder below (entities), and outside. */
function moduleBoundaries() {
  const message = 'Import another module through its index (modules/<domain>/index.ts), not one of its files.';
  const rule = (regex) => ({ 'no-restricted-imports': ['error', { patterns: [{ regex, message }] }] });
  return [
    { files: ['server/src/modules/*/*.ts'], ignores: ['**/*.test.ts'], rules: rule(String.raw`^\.\./(?!\.\.)[^/]+/.+|(^|/)modules/[^/]+/.+`) },
    { files: ['server/src/modules/*/*/*.ts'], ignores: ['**/*.test.ts'], rules: rule(String.raw`^\.\./\.\./(?!\.\.)[^/]+/.+|(^|/)modules/[^/]+/.+`) },
    { files: ['server/src/plugins/**/*.ts', 'server/src/app.ts', 'server/src/boot.ts'], ignores: ['**/*.test.ts'], rules: rule(String.raw`(^|/)modules/[^/]+/.+`) },
  ];
}
