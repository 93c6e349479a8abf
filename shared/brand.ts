// Every brand fact the site repeats lives here, once. Rebranding the site is an edit to this file
// (and to the copy in src/content/ where the product names appear in sentences).
export const brand = {
  companyName: 'Stride Health',
  legalName: 'Stride Health, PBC',
  coachName: 'Stride Coach',
  formProductName: 'Stride Form',
  kneeProductName: 'Stride Knee',
  gymHeroName: 'Gym Hero',
  /** The free-beta video form-analysis product lives on its own site. */
  gymHeroUrl: 'https://gymhero.stridehealth.example',
  contactEmail: 'hello@stridehealth.example',
  privacyEmail: 'privacy@stridehealth.example',
  /** Canonical origin used for canonical links, Open Graph URLs and the sitemap. */
  siteUrl: 'https://stridehealth.example',
  social: {
    twitter: 'https://twitter.com/stridehealth',
    instagram: 'https://www.instagram.com/stridehealth',
    linkedin: 'https://www.linkedin.com/company/stridehealth',
  },
  /** The `source` value every waitlist signup from this site carries. */
  waitlistSource: 'stride-marketing-site',
  launch: { season: 'Fall 2025', platform: 'iOS' },
} as const

export const mailto = (address: string = brand.contactEmail) => `mailto:${address}`
