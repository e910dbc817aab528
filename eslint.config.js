import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/test-results/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Decoding, header reads, thumbnails and encodes go through images/, the one sharp adapter with its
    // limits and settings; the demo blanks draw with sharp directly.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/images/**', 'apps/server/src/demo/catalogue/render.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'sharp', message: 'Use apps/server/src/images/ (the one sharp adapter).' }] }],
    },
  },
  {
    files: ['**/test/**', '**/*.test.ts', '**/e2e/**'],
    // Tests read JSON bodies loosely; the contract types the production code.
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
