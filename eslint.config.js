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
    // The phone pages route with wouter through shell/router.tsx (docs/mobile.md#speed): React Router would be a tenth
    // of the phone's first download.
    files: ['apps/web/src/mobile/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/mobile/shell/router.tsx', 'apps/web/src/mobile/routes.tsx', 'apps/web/src/mobile/MobileApp.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-router', message: 'The phone pages import their router from mobile/shell/router.tsx.' },
            { name: 'wouter', message: 'The phone pages import their router from mobile/shell/router.tsx.' },
          ],
        },
      ],
    },
  },
  {
    files: ['**/test/**', '**/*.test.ts', '**/e2e/**'],
    // Tests read JSON bodies loosely; the contract types the production code.
    rules: { '@typescript-eslint/no-non-null-assertion': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
);
