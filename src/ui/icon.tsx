import { createElement } from 'react'
import { icons, type IconName } from './icons'

/** One Lucide icon as inline SVG, drawn in the current text colour. Decorative: hidden from screen readers,
 * since the text beside it says what it means. */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      width="24"
      height="24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {icons[name].map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  )
}
