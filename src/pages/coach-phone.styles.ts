import styled, { css } from 'styled-components'
import { theme } from '../ui/theme'

// The hero's phone, drawn in CSS. Messages rise into place as they scroll into view (a scroll-driven
// animation, no script); browsers without `animation-timeline` and visitors who ask for reduced motion
// simply see them. Nothing starts hidden in the HTML, so the page reads fully without JavaScript.
const appearInView = css`
  @supports (animation-timeline: view()) {
    @media (prefers-reduced-motion: no-preference) {
      animation: message-in linear both;
      animation-timeline: view();
      animation-range: entry 0% entry 90%;
    }
  }
  @keyframes message-in {
    from { opacity: 0; transform: translateY(0.75rem); }
    to { opacity: 1; transform: none; }
  }
`

export const Figure = styled.figure`
  margin: 0 auto;
  width: min(100%, 20rem);
  figcaption { margin-top: ${theme.space.sm}; text-align: center; font-size: 0.95rem; color: ${theme.color.inkMuted}; }
`

export const Phone = styled.div`
  border-radius: 2.75rem;
  padding: 0.7rem;
  background: ${theme.color.phone};
  border: 1px solid ${theme.color.line};
  box-shadow: 0 24px 60px ${theme.color.shadow}, inset 0 0 0 2px rgba(255, 255, 255, 0.08);
`

export const Screen = styled.div`
  border-radius: 2.1rem;
  overflow: hidden;
  background: ${theme.color.surfaceRaised};
  min-height: 34rem;
  display: flex;
  flex-direction: column;
`

export const AppBar = styled.div`
  display: flex;
  align-items: center;
  gap: 0.6rem;
  padding: 1.6rem 1rem 0.75rem;
  border-bottom: 1px solid ${theme.color.line};
  font-size: 0.95rem;
  line-height: 1.3;
  strong { display: block; }
  span { color: ${theme.color.inkMuted}; font-size: 0.85rem; }
`

/** The app's avatar: the coach's icon on the brand colour. */
export const AppIcon = styled.span`
  display: inline-grid;
  place-items: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: 0.65rem;
  background: ${theme.color.brand};
  color: ${theme.color.onBrand};
  svg { width: 1.3rem; height: 1.3rem; }
`

export const Messages = styled.ol`
  list-style: none;
  margin: 0;
  padding: 1rem 0.85rem 1.25rem;
  display: flex;
  flex-direction: column;
  gap: 0.6rem;
  font-size: 0.9rem;
  line-height: 1.45;
`

export const Bubble = styled.li<{ $from: 'coach' | 'visitor' }>`
  max-width: 86%;
  padding: 0.6rem 0.8rem;
  border-radius: 1.1rem;
  ${appearInView}
  ${({ $from }) =>
    $from === 'visitor'
      ? css`
          align-self: flex-end;
          border-bottom-right-radius: 0.3rem;
          background: ${theme.color.bubbleVisitor};
          color: ${theme.color.onBubbleVisitor};
        `
      : css`
          align-self: flex-start;
          border-bottom-left-radius: 0.3rem;
          background: ${theme.color.bubbleCoach};
          color: ${theme.color.ink};
        `}
`

export const PlanCard = styled.li`
  ${appearInView}
  align-self: stretch;
  padding: 0.75rem 0.85rem;
  border: 1px solid ${theme.color.line};
  border-radius: 1rem;
  background: ${theme.color.surface};
  > strong { display: block; font-size: 0.95rem; margin: 0 0 0.4rem; }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.35rem; }
  li { display: grid; grid-template-columns: 2.5rem 1fr auto; gap: 0.4rem; align-items: baseline; }
  b { color: ${theme.color.brand}; }
  small { color: ${theme.color.inkMuted}; font-size: 0.8rem; white-space: nowrap; }
  p { margin: 0.5rem 0 0; color: ${theme.color.inkMuted}; font-size: 0.85rem; }
`
