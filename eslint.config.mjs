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
  // SQL lives in *.queries.ts (docs/ARCHITECTURE.md, "Data access"): a statement written as text anywhere else is an
  // error (sqlInQueriesFiles below says what reads as one). Outside the rule: the queries files, db/ (data source,
  // migrations, roles), common/sql.ts itself, tests, and the files still to move (sqlStillToMove).
  {
    files: ['server/src/**/*.ts'],
    ignores: ['**/*.queries.ts', 'server/src/db/**', 'server/src/common/sql.ts', '**/*.test.ts', ...sqlStillToMove()],
    plugins: { strongroom: { rules: { 'sql-in-queries-files': sqlInQueriesFiles() } } },
    rules: { 'strongroom/sql-in-queries-files': 'error' },
  },
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

/**
 * Files whose statements are still written in place, to be moved into their module's queries files; the list only
 * shrinks and is now empty (docs/ARCHITECTURE.md, "Data access").
 */
function sqlStillToMove() {
  return [];
}

/**
 * Reports SQL written outside a queries file: a string or template literal that reads as a statement (it starts with an
 * upper-case WITH, SELECT, INSERT, UPDATE, DELETE, LOCK or TRUNCATE and names FROM, INTO, SET, TABLE, VALUES or
 * RETURNING), wherever it is (a call, a constant, an option such as a review queue's count), and any literal handed to
 * `.query(`, rows, prepared or pooledRows (common/sql.ts) that starts as a statement does, in any case. SQL built from
 * pieces that are each too short to read as a statement is found where its pieces are written.
 */
function sqlInQueriesFiles() {
  const statement = /^\s*\(?\s*(WITH|SELECT|INSERT|UPDATE|DELETE|LOCK|TRUNCATE)\s[\s\S]*\b(FROM|INTO|SET|TABLE|VALUES|RETURNING)\b/;
  const runStatement = /^\s*\(?\s*(WITH|SELECT|INSERT|UPDATE|DELETE|LOCK|SET|CALL|DO|CREATE|ALTER|DROP|TRUNCATE|VALUES|COPY|NOTIFY|LISTEN)\b/i;
  const sqlArgument = { rows: 1, pooledRows: 1, prepared: 2 };
  const textOf = (node) => (node?.type === 'Literal' && typeof node.value === 'string' ? node.value : node?.type === 'TemplateLiteral' ? node.quasis.map((q) => q.value.cooked).join(' ') : undefined);
  return {
    meta: { type: 'problem', schema: [], messages: { sql: 'SQL belongs in a *.queries.ts file of the module (docs/ARCHITECTURE.md, "Data access").' } },
    create(context) {
      const reported = new Set();
      const report = (node) => {
        if (reported.has(node)) return;
        reported.add(node);
        context.report({ node, messageId: 'sql' });
      };
      const literal = (node) => {
        // A template literal inside another is judged as part of it.
        if (node.parent?.type === 'TemplateLiteral') return;
        const text = textOf(node);
        if (text !== undefined && statement.test(text)) report(node);
      };
      return {
        Literal: literal,
        TemplateLiteral: literal,
        CallExpression(node) {
          const callee = node.callee;
          const index = callee.type === 'MemberExpression' && callee.property.name === 'query' ? 0 : callee.type === 'Identifier' ? sqlArgument[callee.name] : undefined;
          if (index === undefined) return;
          const text = textOf(node.arguments[index]);
          if (text !== undefined && runStatement.test(text)) report(node.arguments[index]);
        },
      };
    },
  };
}
