// A person's referral code: the part of their share link (/?ref=CODE) that says who shared it. Eight characters
// drawn at random from 31 that cannot be misread for one another (no 0/o, 1/i/l), about 40 bits: derived from
// nothing about the person, so it reveals nothing, and far too many to guess one. Written and read in lower case.

export const referralCodeAlphabet = '23456789abcdefghjkmnpqrstuvwxyz'
export const referralCodeLength = 8
const pattern = new RegExp(`^[${referralCodeAlphabet}]{${referralCodeLength}}$`)

/** The code in what a visitor brought (a ?ref= value), or null when it is not one. */
export function referralCodeOf(value: unknown): string | null {
  if (typeof value !== 'string') return null
  const code = value.trim().toLowerCase()
  return pattern.test(code) ? code : null
}

/** The share link for a code, on the site's public address. */
export const shareLinkOf = (siteUrl: string, code: string) => `${siteUrl.replace(/\/$/, '')}/?ref=${code}`
