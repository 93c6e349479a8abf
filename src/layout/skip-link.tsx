import styled from 'styled-components'
import { theme } from '../ui/theme'

export function SkipLink() {
  return (
    // data-replay: pressed before the app runs, it is kept and replayed (scripts/prerender.ts), so it never
    // changes the address either.
    <Skip href="#main" data-replay onClick={skipToMain}>
      Skip to content
    </Skip>
  )
}

// With JavaScript, focus moves without a #main in the URL: a new hash would, among other things, switch
// /legal#privacy-policy back to the Terms. Without JavaScript the link's own #main does the job.
function skipToMain(event: React.MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main')
  if (!main) return
  event.preventDefault()
  main.focus()
}

const Skip = styled.a`
  position: absolute;
  left: 1rem;
  top: -10rem;
  z-index: 100;
  padding: 0.75rem 1.25rem;
  border-radius: ${theme.radius};
  background: ${theme.color.ink};
  color: #fff;
  font-weight: 600;
  &:focus { top: 1rem; color: #fff; }
`
