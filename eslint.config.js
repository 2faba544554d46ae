import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'var/', 'coverage/', 'bench/results/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config only.' },
      ],
    },
  },
  // The explorer's ES modules run in the browser, not in Node.
  { files: ['web/**/*.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['src/config/**', 'test/**', 'scripts/**', 'bench/**'],
    rules: { 'no-restricted-properties': 'off' },
  },
);
