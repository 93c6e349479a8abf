import styled from 'styled-components'
import { theme } from '../ui/theme'

export function SkipLink() {
  return <Skip href="#main">Skip to content</Skip>
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
