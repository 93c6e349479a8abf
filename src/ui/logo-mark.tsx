// The brand's mark: a stride path (an S drawn as one stroke) in a rounded tile. Decorative beside the
// company name, which carries the meaning; the same drawing is public/favicon.svg.
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <rect width="64" height="64" rx="16" fill="var(--color-brand)" />
      <path
        d="M42 19c-3-3-7-4-11-3-5 1-8 5-7 9 1 5 6 6 11 7 4 1 7 3 6 7-1 4-6 6-11 5-3-1-5-2-7-4"
        fill="none"
        stroke="var(--color-on-brand)"
        strokeWidth="6.5"
        strokeLinecap="round"
      />
      <circle cx="46" cy="46" r="4" fill="var(--color-on-brand)" />
    </svg>
  )
}
