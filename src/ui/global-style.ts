import { createGlobalStyle } from 'styled-components'
import { globalCss } from './global-css'

// The global CSS for the console (src/admin/), a client-rendered app; the public pages carry the same CSS
// as a plain <style> in their prerendered head (src/layout/document-head.tsx).
export const GlobalStyle = createGlobalStyle`${globalCss}`
