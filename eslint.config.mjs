import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

/**
 * The layers and who may import whom (docs/architecture.md, "Layers"): app -> server -> db ->
 * config; common/ is isomorphic (limits and rules a page may show); clients/ ships to merchants
 * and stands alone. Tests may cross layers to set up and observe.
 */
// Type-only imports are allowed across the lines: they vanish from the compiled code.
const forbid = (message, ...groups) => ['error', { patterns: groups.map((group) => ({ group, message, allowTypeImports: true })) }];
const layer = (name) => [`**/${name}/**`, `@/${name}/**`, `**/${name}`];

/** A file that starts with 'use client' is bundled for the browser: it may not import server/ or db/. */
const clientBoundary = {
  meta: { type: 'problem', messages: { crossed: "A 'use client' module cannot import {{source}}: it would ship server code to the browser. Move what it needs to common/." } },
  create(context) {
    const first = context.sourceCode.ast.body[0];
    const isClient = first?.type === 'ExpressionStatement' && first.directive === 'use client';
    if (!isClient) return {};
    return {
      ImportDeclaration(node) {
        const source = String(node.source.value);
        if (node.importKind === 'type') return;
        if (/(^|\/|@\/)(server|db)(\/|$)/.test(source) || source === 'drizzle-orm' || source.startsWith('drizzle-orm/')) {
          context.report({ node, messageId: 'crossed', data: { source } });
        }
      },
    };
  },
};

const config = [
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    ignores: ['.next/**', 'node_modules/**', '.data/**', 'db/migrations/**', 'e2e/artifacts/**', 'next-env.d.ts', 'bench/results/**'],
  },
  {
    rules: {
      // Unused names prefixed with _ are deliberate (e.g. fields left out of a response).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      // Money is never a JS number: parseFloat in domain code is almost always a bug.
      'no-restricted-globals': ['error', { name: 'parseFloat', message: 'Money is decimal.js, never a JS number.' }],
      'no-restricted-properties': ['error', { object: 'Number', property: 'parseFloat', message: 'Money is decimal.js, never a JS number.' }],
    },
  },
  { plugins: { corridor: { rules: { 'client-boundary': clientBoundary } } }, rules: { 'corridor/client-boundary': 'error' } },
  {
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': forbid('The domain never imports a transport (app/) or a script.', [...layer('app'), ...layer('scripts')]) },
  },
  {
    // Round trips are the database layer's business (docs/architecture.md, "Performance plumbing"):
    // pipelining and statements built once live in db/ and in the writers every order shares (the
    // ledger, the order kernel); a domain module calls a named statement of db/statements/ instead.
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts', 'server/ledger/**', 'server/orders/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: [...layer('app'), ...layer('scripts')], message: 'The domain never imports a transport (app/) or a script.', allowTypeImports: true },
            { group: ['**/db/reusable-query', '**/db/pipelined'], message: 'Statements built once and pipelining live in db/ (db/statements/), the ledger and the order kernel.' },
          ],
        },
      ],
    },
  },
  {
    files: ['db/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': forbid('db/ sits below the domain: it imports only config/ and common/.', [...layer('server'), ...layer('app'), ...layer('scripts')]) },
  },
  {
    files: ['config/**/*.ts', 'common/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': forbid('config/ and common/ are the bottom layer.', [...layer('server'), ...layer('db'), ...layer('app'), ...layer('scripts')]) },
  },
  {
    files: ['app/**/*.ts', 'app/**/*.tsx'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': forbid(
        'Transports never write SQL: call a domain function in server/.',
        ['drizzle-orm', 'drizzle-orm/*', 'postgres', '@electric-sql/*', ...layer('db/schema'), ...layer('db/statements'), '**/db/reusable-query', '**/db/pipelined', '**/db/client'],
      ),
    },
  },
  {
    files: ['clients/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': forbid('The typed client ships to merchants: no server code.', [...layer('server'), ...layer('db'), ...layer('app'), ...layer('config')]) },
  },
];

export default config;
