// The router's client half, on its own so that src/boot/entry-client.tsx can import it dynamically (a step of its
// own at start-up) and the bundle still keeps only RouterClient: a dynamic import of the library's
// `ssr/client` entry itself would keep every export of it, the server serialisers included (about 30 KB).
export { RouterClient } from '@tanstack/react-router/ssr/client'
