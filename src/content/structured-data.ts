// What search engines read about the company on every page, as schema.org JSON-LD: the Organization (its name,
// logo, contact address and social profiles, all from the brand module) and the WebSite it publishes. A
// SoftwareApplication for the coach waits until the app has a release. Only the server writes it (into each
// page's head), so it is built by a function: nothing here runs, or ships, in the browser's bundle.
import { brand } from '../../shared/brand'
import { logoFile } from '../../shared/logo-drawing'
import { footerCopy } from './navigation'

export function structuredData() {
  const home = new URL('/', brand.siteUrl).href
  const organizationId = `${home}#organization`
  return {
    '@context': 'https://schema.org',
    '@graph': [
      {
        '@type': 'Organization',
        '@id': organizationId,
        name: brand.companyName,
        legalName: brand.legalName,
        url: home,
        logo: new URL(logoFile, brand.siteUrl).href,
        description: footerCopy.tagline,
        email: brand.contactEmail,
        contactPoint: { '@type': 'ContactPoint', contactType: 'customer support', email: brand.contactEmail },
        sameAs: Object.values(brand.social),
      },
      { '@type': 'WebSite', '@id': `${home}#website`, name: brand.companyName, url: home, inLanguage: 'en', publisher: { '@id': organizationId } },
    ],
  }
}

/** The JSON as the text of a <script type="application/ld+json">: `<` is escaped, so no value can close the
 * element early. */
export const structuredDataJson = () => JSON.stringify(structuredData()).replaceAll('<', '\\u003c')
