import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';

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
];

export default config;
