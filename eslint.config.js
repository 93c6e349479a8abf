import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  { ignores: ['dist', 'dist-*', '.e2e', 'node_modules', 'coverage', 'test-results', 'playwright-report', 'data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // The machines are the product's behaviour: they must not reach into the views, the server, React or the DOM.
    files: ['machines/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['**/src/**', '**/server/**', 'react', 'react-dom', '@xstate/react'] }],
      'no-restricted-globals': ['error', 'window', 'document', 'fetch', 'localStorage'],
    },
  },
  // One fact, one place: what the site and the server both need lives in shared/, which imports neither, and
  // the two never import each other. A back-edge fails the lint, so it fails npm test.
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'The site never imports the server: put what both need in shared/.' }] }] },
  },
  {
    // The two inline scripts are compiled into every page (scripts/inline-scripts.ts): they import nothing but
    // each other, so that what each page carries stays a few hundred bytes.
    files: ['src/boot/inline-*.ts', 'src/boot/early-event-recorder.ts', 'src/boot/app-loader.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./(early-event-recorder|app-loader)$)', message: 'An inline script imports only src/boot/early-event-recorder.ts or app-loader.ts.' }] },
      ],
    },
  },
  {
    files: ['server/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: ['**/src/**'], message: 'The server never imports the site: put what both need in shared/.' }] }] },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**', '**/server/**', '**/machines/**', 'node:*', 'react'], message: 'shared/ holds facts both sides import: it imports neither side, Node or React.' }] },
      ],
    },
  },
)
