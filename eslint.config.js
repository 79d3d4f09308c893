// One lint step for the whole repo (run by `npm test`): TypeScript rules everywhere,
// React hooks rules in the console, no hex colours in console features (theme tokens only),
// package boundaries and import direction (ARCHITECTURE.md "Packages"), 400 lines per file (STYLE.md §3.7).
import { dirname, relative, resolve } from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const root = import.meta.dirname;
// packages/<name>, e2e and bench are the workspaces; anything else (scripts/, config files) is "root".
const workspaceOf = (file) => relative(root, file).match(/^(packages\/[^/]+|e2e|bench)\//)?.[1] ?? 'root';

// A relative path into another workspace (`../packages/server/src/start-node`, `../../../broker/test/pki`)
// couples two packages behind their package.json `exports`: import `@mqdeck/<pkg>` or one of its declared
// subpaths instead, so what a package shares is written down in one place.
const packageBoundaries = {
  meta: {
    type: 'problem',
    messages: { cross: "'{{source}}' reaches into {{target}} by relative path; import @mqdeck/{{name}} (or a subpath it exports)." },
  },
  create(context) {
    const from = workspaceOf(context.filename);
    // the repo's own tooling (vitest.config.ts, scripts/) wires the packages together on purpose
    if (from === 'root') return {};
    const check = (node) => {
      const source = node.source?.value;
      if (typeof source !== 'string' || !source.startsWith('.')) return;
      const target = workspaceOf(resolve(dirname(context.filename), source));
      if (target !== from && target !== 'root') context.report({ node: node.source, messageId: 'cross', data: { source, target, name: target.replace(/^packages\//, '') } });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

// Import direction (ARCHITECTURE.md "Packages"): broker and api use nothing of ours; server uses broker
// and api; the console uses api only (it talks to any EMQX through the contract, never to our node's code).
const onlyOurs = (allowed, why) => ({
  'no-restricted-imports': ['error', { patterns: [{ group: ['@mqdeck/*', ...allowed.flatMap((p) => [`!@mqdeck/${p}`, `!@mqdeck/${p}/*`])], message: why }] }],
});

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/*.gen.ts', 'data/**', 'e2e/artifacts/**', '.paho/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { mqdeck: { rules: { 'package-boundaries': packageBoundaries } } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-empty': ['error', { allowEmptyCatch: true }],
      'mqdeck/package-boundaries': 'error',
      // STYLE.md §3.7: 400 is the hard limit. Tests count too: none is over it, and a long test file
      // splits by behaviour as the broker's test/ already does (one file per area). *.gen.ts is ignored above.
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  { files: ['packages/broker/**'], rules: onlyOurs([], 'The broker is a library with no dependency on the rest of MQDeck.') },
  { files: ['packages/api/**'], rules: onlyOurs([], 'The contract package depends on nothing of ours.') },
  { files: ['packages/server/**'], rules: onlyOurs(['broker', 'api'], 'The server may import @mqdeck/broker and @mqdeck/api only.') },
  { files: ['packages/dashboard/**'], rules: onlyOurs(['api'], 'The console talks to the node through the contract only: import @mqdeck/api.') },
  {
    // Type-aware rules for the node and the MQTT engine, where a dropped promise loses an error (or a
    // message) silently. Typed linting of these two packages cost lint 1.1-1.5x (48.7 -> 55.5 s and
    // 86 -> 132 s, two samples on the shared 2-core machine), so it covers tests too.
    files: ['packages/server/**/*.ts', 'packages/broker/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: root } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
    },
  },
  {
    files: ['packages/dashboard/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    files: ['packages/dashboard/src/features/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': ['error', { selector: 'Literal[value=/^#[0-9a-fA-F]{3,8}$/]', message: 'Use antd theme tokens, not hex colours.' }],
    },
  },
);
