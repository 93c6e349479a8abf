// Design tokens. Every colour pair used for text is AA (4.5:1) or better on the background it sits on;
// the ratios are noted where a pair is not obviously safe.
export const theme = {
  color: {
    ink: '#14211f', // body text, 15.9:1 on white
    inkMuted: '#3f4f4c', // secondary text, 8.5:1 on white
    brand: '#0b5c55', // links and primary buttons, 7.4:1 on white
    brandDark: '#073f3a',
    brandTint: '#e6f3f1',
    accent: '#b8431f', // badges, 5.2:1 on white
    surface: '#ffffff',
    surfaceAlt: '#f5f8f7',
    line: '#d3dedb',
    success: '#0a6b36', // 6.6:1 on white
    error: '#b3261e', // 6.5:1 on white
    focus: '#1a56db',
  },
  font: {
    body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  },
  layout: {
    maxWidth: '72rem',
    headerHeight: '4rem',
    /** Below this width the header collapses into the menu toggle. */
    menuBreakpoint: '48rem',
  },
  radius: '0.75rem',
} as const
