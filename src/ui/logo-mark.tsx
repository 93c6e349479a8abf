import { logoDrawing } from '../../shared/logo-drawing'

// The brand's mark beside the company name, which carries the meaning, so the mark is decorative. Its colours
// follow the page's scheme; the favicon and the Open Graph image draw the same mark (shared/logo-drawing.ts).
export function LogoMark({ size = 32 }: { size?: number }) {
  const { viewBox, tile, stride, dot } = logoDrawing
  return (
    <svg width={size} height={size} viewBox={viewBox} aria-hidden="true" focusable="false">
      <rect {...tile} fill="var(--color-brand)" />
      <path d={stride.d} fill="none" stroke="var(--color-on-brand)" strokeWidth={stride.strokeWidth} strokeLinecap="round" />
      <circle {...dot} fill="var(--color-on-brand)" />
    </svg>
  )
}
