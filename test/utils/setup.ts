// Every test file runs this first. Files in jsdom (the views) also get setup-dom.ts: Testing Library and the rest
// of what a page needs, which the files in Node's environment never use.
if (typeof window !== 'undefined') await import('./setup-dom')

export {}
