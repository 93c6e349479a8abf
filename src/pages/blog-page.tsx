import { Link } from '@tanstack/react-router'
import { blogPage } from '../content/blog'
import { Container, Lead, PageHero } from '../ui/primitives'

export function BlogPage() {
  return (
    <PageHero aria-labelledby="blog-title">
      <Container $narrow>
        <h1 id="blog-title">{blogPage.title}</h1>
        <Lead>{blogPage.body}</Lead>
        <Link to="/">Join the waitlist</Link>
      </Container>
    </PageHero>
  )
}
