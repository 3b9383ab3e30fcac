// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '.tmp/**', 'data/**', '**/drizzle/**', '**/*.js'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: "MemberExpression[object.name='it'][property.name='only']", message: 'no .only' }, { selector: "MemberExpression[object.name='describe'][property.name='only']", message: 'no .only' }],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly', console: 'readonly' } },
  },
  // Dependencies point one way: contract <- engine <- server; contract <- web. Nothing imports an app.
  {
    files: ['packages/contract/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@chatdr/engine', '@chatdr/server', '@chatdr/web', '**/apps/**', '**/engine/**'] }] },
  },
  {
    files: ['packages/engine/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@chatdr/server', '@chatdr/web', '**/apps/**'] }] },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: ['@chatdr/server', '@chatdr/engine', '**/apps/server/**'] }],
    },
  },
);
