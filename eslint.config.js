import { readdirSync } from 'node:fs'
import { URL } from 'node:url'
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const serverNeverImportsSite = { group: ['**/src/**'], message: 'The server never imports the site: put what both need in shared/.' }

// The server's two layers (docs/architecture.md, "Where the code lives"), read from the folders so that a new
// feature is zoned as soon as it exists. A feature imports the platform, shared/, machines/ and its own files,
// and of another feature only its public.ts; the platform imports no feature; neither imports the composition
// (the files at server/'s top, which build everything and import anything). The patterns match the import as
// written, so each names the folders it forbids, at any depth of `../`.
const serverFolder = new URL('./server/', import.meta.url)
const features = readdirSync(new URL('features/', serverFolder), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name)
const composition = readdirSync(serverFolder).flatMap((name) => (/\.tsx?$/.test(name) ? [name.replace(/\.tsx?$/, '')] : []))
const noComposition = {
  regex: `^(\\.\\./)+(${composition.join('|')})$`,
  message: 'The composition (server/*.ts) imports the features and the platform, never the reverse: take what you need as an argument.',
}
/** A folder of the server whose imports are held to `patterns`, beside the rules every server file keeps. */
const serverZone = (files, ...patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [serverNeverImportsSite, noComposition, ...patterns] }] },
})
const featureZone = (feature) =>
  serverZone([`server/features/${feature}/**/*.{ts,tsx}`], {
    regex: `^(\\.\\./)+(features/)?(${features.filter((other) => other !== feature).join('|')})(/(?!public$)|$)`,
    message: "A feature never imports another feature's files: ask through its public.ts, or subscribe to its events (docs/architecture.md).",
  })

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
    rules: { 'no-restricted-imports': ['error', { patterns: [serverNeverImportsSite] }] },
  },
  ...features.map(featureZone),
  // The composition names no feature (issue 46): it builds whatever wings the list holds, and the list imports each
  // wing's manifest only, so a wing's other files are its own to rename and split (docs/architecture.md).
  serverZone(['server/compose.ts', 'server/app.ts', 'server/email-kinds.ts', 'server/feature-migrations.ts'], {
    regex: '^\\./features(/|$)',
    message: 'The composition names no feature: a wing declares itself in its features/<wing>/wing.ts, and server/wings.ts lists it.',
  }),
  serverZone(['server/wings.ts'], {
    regex: '^\\./features/[^/]+/(?!wing$)',
    message: "The list of wings imports each wing's manifest (features/<wing>/wing.ts), never its other files.",
  }),
  serverZone(['server/platform/**/*.{ts,tsx}'], {
    regex: '^(\\.\\./)+features(/|$)',
    message: 'The platform knows no feature: a feature hands it what it needs, or subscribes to what it offers.',
  }),
  {
    // What runs beside the product (tools/, bench/, gallery/, scripts/) never reaches into the suites' helpers:
    // what the tests share with a benchmark, the gallery or a script lives in tools/ (docs/architecture.md).
    files: ['tools/**/*.{ts,tsx}', 'bench/**/*.ts', 'gallery/**/*.ts', 'scripts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(test|e2e)(/|$)', message: 'Only the suites import from test/ and e2e/: put what both need in tools/.' }] },
      ],
    },
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
