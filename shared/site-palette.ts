// The site's two palettes, light and dark, one fact for the site (src/ui/theme.ts makes them CSS custom properties
// for every page) and for the pages the endpoint renders itself (server/platform/http/private-page.tsx), which may
// not import the site. Every colour pair used for text is AA (4.5:1) or better on the background it sits on, in
// both palettes; the ratios are noted where a pair is not obviously safe.

export type ColorToken = keyof typeof palettes.light

export const palettes = {
  light: {
    ink: '#14211f', // body text, 15.9:1 on white
    inkMuted: '#3f4f4c', // secondary text, 8.5:1 on white
    brand: '#0b5c55', // links and primary buttons, 7.4:1 on white
    brandDark: '#073f3a',
    brandTint: '#e6f3f1',
    onBrand: '#ffffff', // text on a brand-coloured button, 7.4:1
    accent: '#b8431f', // badges, 5.2:1 on white
    surface: '#ffffff',
    surfaceAlt: '#f5f8f7',
    surfaceRaised: '#ffffff', // cards and panels
    line: '#d3dedb',
    inputBorder: '#6b7d79', // 4.3:1 on white, 3.8:1 on the tinted section: above the 3:1 for UI parts
    heroFrom: '#e6f3f1',
    heroTo: '#fdf6ef',
    footer: '#14211f',
    footerInk: '#e8efed',
    success: '#0a6b36', // 6.6:1 on white
    error: '#b3261e', // 6.5:1 on white
    focus: '#1a56db',
    shadow: 'rgba(20, 33, 31, 0.12)',
    disabled: '#e4e9e8',
    disabledBorder: '#9aa8a5',
    onDisabled: '#3b4745', // 7.9:1 on the disabled grey
    phone: '#14211f',
    bubbleCoach: '#e6f3f1',
    bubbleVisitor: '#0b5c55',
    onBubbleVisitor: '#ffffff',
  },
  dark: {
    ink: '#e7efed', // 15.7:1 on the dark surface
    inkMuted: '#b5c4c1', // 10.2:1 on the dark surface, 7.8:1 on the dark tint
    brand: '#63d3c5', // 10.2:1 on the dark surface
    brandDark: '#95e4da',
    brandTint: '#12302c',
    onBrand: '#05241f', // 9.1:1 on the brand colour
    accent: '#ffab8a', // 10:1 on the dark surface
    surface: '#0e1615',
    surfaceAlt: '#131e1c',
    surfaceRaised: '#17221f',
    line: '#2e403c',
    inputBorder: '#85a09a', // 5.8:1 on the raised surface
    heroFrom: '#12302c',
    heroTo: '#1c1a16',
    footer: '#080d0c',
    footerInk: '#e8efed',
    success: '#74e0a4', // 10.1:1 on the raised surface, 8.7:1 on the dark tint
    error: '#ffa39b', // 8.5:1 on the raised surface, 7.4:1 on the dark tint
    focus: '#8ab4ff', // 8.8:1 on the dark surface
    shadow: 'rgba(0, 0, 0, 0.45)',
    disabled: '#26322f',
    disabledBorder: '#56706a',
    onDisabled: '#c2cfcc', // 8.3:1 on the dark disabled grey
    phone: '#000000',
    bubbleCoach: '#1f3a36',
    bubbleVisitor: '#63d3c5',
    onBubbleVisitor: '#05241f',
  },
} as const

/** The custom property that carries a colour token: `inkMuted` is `--color-ink-muted`. */
export const cssVar = (token: ColorToken) => `--color-${token.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`

/** `--color-…: value;` declarations of one palette, for the global style. */
export const paletteDeclarations = (palette: Record<ColorToken, string>) =>
  (Object.keys(palette) as ColorToken[]).map((token) => `${cssVar(token)}: ${palette[token]};`).join('\n')

/** The site's type: the system's own face, as the site's global style sets it. */
export const bodyFont = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif"
