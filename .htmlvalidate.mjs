// html-validate's rules for the pages we build (`npm test` validates every HTML file of a fresh build:
// test/build/production-build.test.ts; `npx html-validate dist` runs the same on dist/). The recommended set,
// with the style rules set to the style React and index.html write, and one rule that argues with React off.
export default {
  root: true,
  extends: ['html-validate:recommended'],
  rules: {
    // React writes void elements self-closed (<meta/>, <input/>), and index.html does the same.
    'void-style': ['error', { style: 'selfclose' }],
    // index.html opens with <!doctype html>, as Vite's templates do; the case means nothing to a browser.
    'doctype-style': ['error', { style: 'lowercase' }],
    // React writes a boolean attribute that is on as required="".
    'attribute-boolean-style': ['error', { style: 'empty' }],
    // React writes a few attributes under their DOM names (autoComplete, noValidate, encType); HTML attribute
    // names are case-insensitive, and the Nu HTML Checker accepts them.
    'attr-case': 'off',
    // ARIA lets any element whose role can be named take aria-label: the footer's list is named "Social media".
    'aria-label-misuse': ['error', { allowAnyNamable: true }],
  },
}
