import { Link, useNavigate } from '@tanstack/react-router'
import { brand, mailto } from '../../shared/brand'
import { companyLinks, footerCopy, legalLinks, productLinks, socialLinks } from '../content/navigation'
import { Bottom, Column, Columns, FooterBar, IosButton, LinkList, SocialList } from './site-footer.styles'
import { scrollToTopLater } from './scroll-to-top'

export function SiteFooter() {
  const navigate = useNavigate()
  const goHomeToTop = () => {
    void navigate({ to: '/' })
    scrollToTopLater()
  }

  return (
    <FooterBar>
      <Columns>
        <Column aria-labelledby="footer-products">
          <h2 id="footer-products">Products</h2>
          <p>{footerCopy.tagline}</p>
          <LinkList>
            {productLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} hash={link.hash}>
                  {link.label}
                </Link>
              </li>
            ))}
          </LinkList>
          <IosButton type="button" onClick={goHomeToTop}>
            <span aria-hidden="true"></span> {footerCopy.iosButton}
          </IosButton>
        </Column>
        <Column aria-labelledby="footer-company">
          <h2 id="footer-company">Company</h2>
          <LinkList>
            {companyLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
            <li>
              <a href={mailto()}>Contact</a>
            </li>
          </LinkList>
        </Column>
        <Column aria-labelledby="footer-legal">
          <h2 id="footer-legal">Legal</h2>
          <LinkList>
            {legalLinks.map((link) => (
              <li key={link.label}>
                <Link to={link.to} hash={link.hash} activeOptions={{ includeHash: true }}>
                  {link.label}
                </Link>
              </li>
            ))}
          </LinkList>
        </Column>
      </Columns>
      <Bottom>
        <SocialList aria-label="Social media">
          {socialLinks.map((link) => (
            <li key={link.label}>
              <a href={link.href} rel="noopener" target={link.href.startsWith('mailto:') ? undefined : '_blank'}>
                {link.label}
              </a>
            </li>
          ))}
        </SocialList>
        <p>{footerCopy.copyright(new Date().getFullYear())}</p>
        <p>Questions? Write to us at <a href={mailto()}>{brand.contactEmail}</a>.</p>
      </Bottom>
    </FooterBar>
  )
}
