// The frame every email shares: the inbox preview line (preheader), both colour schemes, the brand at the top
// and, at the bottom, who sent the email and why, with the contact address that Reply-To also names.
import type { ReactNode } from 'react'
import { Body } from '@react-email/body'
import { Container } from '@react-email/container'
import { Head } from '@react-email/head'
import { Hr } from '@react-email/hr'
import { Html } from '@react-email/html'
import { Link } from '@react-email/link'
import { Preview } from '@react-email/preview'
import { Text } from '@react-email/text'
import { brand, mailto } from '../../../shared/brand'
import { consentPages } from '../../../shared/consent-paths'
import { darkModeCss, emailClass, emailFont, emailPalettes } from './email-theme'

const light = emailPalettes.light

export const paragraphStyle = { margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: light.ink }
export const smallStyle = { margin: '0 0 12px', fontSize: '14px', lineHeight: '20px', color: light.inkMuted }
export const linkStyle = { color: light.link, textDecorationLine: 'underline', wordBreak: 'break-all' } as const

/** A link that shows its own address, so a reader can also copy it. */
export const UrlLink = ({ url }: { url: string }) => (
  <Link href={url} className={emailClass.link} style={linkStyle}>
    {url}
  </Link>
)

export type EmailLayoutProps = {
  /** The inbox's preview line: what the email asks, before it is opened. */
  preheader: string
  /** Who sent it and why, one sentence; the unsubscribe link follows when there is one. */
  sentBecause: string
  unsubscribeUrl?: string
  children: ReactNode
}

export function EmailLayout({ preheader, sentBecause, unsubscribeUrl, children }: EmailLayoutProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <title>{brand.companyName}</title>
        <style>{darkModeCss}</style>
      </Head>
      <Preview>{preheader}</Preview>
      {/* Body gives its style to an inner cell that no class reaches, so the background is painted on the body
          and the container, which the dark sheet repaints, and never on that cell. */}
      <Body className={emailClass.body} style={{ margin: 0, padding: '24px 16px', fontFamily: emailFont }}>
        <Container className={emailClass.body} style={{ maxWidth: '520px', backgroundColor: light.background }}>
          <Text className={emailClass.ink} style={{ ...paragraphStyle, margin: '0 0 24px', fontWeight: 700 }}>
            {brand.companyName}
          </Text>
          {children}
          <Hr className={emailClass.line} style={{ margin: '32px 0 16px', borderColor: light.line }} />
          <Text className={emailClass.muted} style={smallStyle}>
            {sentBecause}
            {unsubscribeUrl && (
              <>
                {' Unsubscribe: '}
                <UrlLink url={unsubscribeUrl} />
              </>
            )}
          </Text>
          {/* Your data, beside the unsubscribe link: the site's pages, on the same site as that link (issue 51). Each
              link shows its address, as the unsubscribe link does, so the plain text reads the same. */}
          {unsubscribeUrl && (
            <Text className={emailClass.muted} style={smallStyle}>
              {'Get a copy of your data: '}
              <UrlLink url={new URL(consentPages.copy, unsubscribeUrl).href} />
              {' Delete your data: '}
              <UrlLink url={new URL(consentPages.erase, unsubscribeUrl).href} />
            </Text>
          )}
          <Text className={emailClass.muted} style={smallStyle}>
            {'Questions? Reply to this email or write to '}
            <Link href={mailto()} className={emailClass.link} style={linkStyle}>
              {brand.contactEmail}
            </Link>
            .
          </Text>
        </Container>
      </Body>
    </Html>
  )
}
