import { useNavigate, useRouter } from '@tanstack/react-router'
import styled from 'styled-components'
import { notFoundPage } from '../content/not-found'
import { Button, Container, Lead, PageHero } from '../ui/primitives'

export function NotFoundPage() {
  const navigate = useNavigate()
  const router = useRouter()
  return (
    <PageHero aria-labelledby="not-found-title">
      <Container $narrow>
        <h1 id="not-found-title">{notFoundPage.title}</h1>
        <Lead>{notFoundPage.body}</Lead>
        <Actions>
          <Button type="button" onClick={() => void navigate({ to: '/' })}>
            {notFoundPage.homeLabel}
          </Button>
          <Button type="button" $variant="secondary" onClick={() => router.history.back()}>
            {notFoundPage.backLabel}
          </Button>
        </Actions>
        <noscript>
          <p>
            <a href="/">Go to the home page</a>
          </p>
        </noscript>
      </Container>
    </PageHero>
  )
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.75rem;
`
