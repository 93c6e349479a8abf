// The people bench/console/build.ts signs up: names, addresses, sources and campaigns as the site's form sends
// them (a SignupBody, read by the server's own parseSignupBody), spread over the days the list has been open,
// each with when (and whether) they confirm. Seeded, so a size always makes the same people (their referral
// codes are the line's to draw, at random). Pure: no I/O.
import { randomUUID } from 'node:crypto'
import { brand } from '../../shared/brand'
import type { SignupBody } from '../../shared/signup'

/** A small fast PRNG (mulberry32): the same list for the same seed. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const firstNames = (
  'Ann Anna Annie Hannah Joanna Leanne Marianne Suzanne Annika Dana Emma Olivia Ava Sophia Mia Isabella Charlotte Amelia ' +
  'Harper Evelyn Abigail Emily Ella Elizabeth Camila Luna Sofia Avery Mila Aria Scarlett Penelope Layla Chloe Victoria ' +
  'Madison Eleanor Grace Nora Riley Zoey Lily Lillian Addison Aubrey Ellie Stella Natalie Zoe Leah Hazel Violet Aurora ' +
  'Savannah Audrey Brooklyn Bella Claire Skylar Lucy Paisley Everly Caroline Nova Genesis Emilia Kennedy Samantha Maya ' +
  'Liam Noah Oliver Elijah James William Benjamin Lucas Henry Alexander Mason Michael Ethan Daniel Jacob Logan Jackson ' +
  'Levi Sebastian Mateo Jack Owen Theodore Aiden Samuel Joseph John David Wyatt Matthew Luke Asher Carter Julian Grayson ' +
  'Leo Jayden Gabriel Isaac Lincoln Anthony Hudson Dylan Ezra Thomas Charles Christopher Jaxon Maverick Josiah Isaiah ' +
  'Andrew Elias Joshua Nathan Caleb Ryan Adrian Miles Eli Nolan Christian Aaron Cameron Ezekiel Colton Luca Landon Hunter ' +
  'Jonathan Santiago Axel Easton Cooper Jeremiah Angel Roman Connor Jameson Robert Greyson Jordan Ian Carson Jaxson ' +
  'Léa Zoë Chloé Renée José Søren Björn Małgorzata Jürgen Siobhán Aoife Niamh Saoirse Mehmet Ayşe Yuki Haruto Wei Mei'
).split(' ')
const lastNames = (
  'smith johnson williams brown jones garcia miller davis rodriguez martinez hernandez lopez gonzalez wilson anderson ' +
  'thomas taylor moore jackson martin lee perez thompson white harris sanchez clark ramirez lewis robinson walker young ' +
  'allen king wright scott torres nguyen hill flores green adams nelson baker hall rivera campbell mitchell carter roberts ' +
  'gomez phillips evans turner diaz parker cruz edwards collins reyes stewart morris morales murphy cook rogers gutierrez ' +
  'ortiz morgan cooper peterson bailey reed kelly howard ramos kim cox ward richardson watson brooks chavez wood james ' +
  'bennett gray mendoza ruiz hughes price alvarez castillo sanders patel myers long ross foster jimenez muller schmidt'
).split(' ')

// Where most people's mail lives, by share of the list; the rest are at workplaces and small providers.
const providers: [string, number][] = [
  ['gmail.com', 38],
  ['yahoo.com', 8],
  ['outlook.com', 7],
  ['hotmail.com', 6],
  ['icloud.com', 6],
  ['proton.me', 2],
  ['gmx.de', 2],
  ['aol.com', 1],
  ['privaterelay.appleid.com', 1],
  ['fastmail.com', 1],
]
/** The domain most addresses use: what the console's domain search is measured with. */
export const commonestDomain = providers[0]![0]
const providerShare = providers.reduce((sum, [, share]) => sum + share, 0)
const workWords = 'north wind blue river stone peak bright harbor lumen cedar summit atlas orbit pixel maple granite copper swift nimbus vertex'.split(' ')
const workEnds = ['labs.com', 'works.io', 'group.com', 'health.org', 'studio.co', 'tech.com', 'partners.com', 'fitness.com']

// Most people come through the site's own form; a few through a partner's page and the app's teaser.
const sources: [string, number][] = [
  [brand.waitlistSource, 95],
  ['partner-embed', 3],
  ['ios-app-teaser', 2],
]
const campaigns = [
  { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'launch-countdown' },
  { utmSource: 'instagram', utmMedium: 'social', utmCampaign: 'knee-recovery' },
  { utmSource: 'google', utmMedium: 'cpc', utmCampaign: 'physio-at-home' },
  { utmSource: 'podcast', utmMedium: 'audio', utmCampaign: 'gym-hero' },
]
const referrers = ['https://news.ycombinator.com', 'https://www.reddit.com', 'https://www.google.com', 'https://t.co']

function weighted<T>(random: () => number, choices: [T, number][], total = choices.reduce((sum, [, weight]) => sum + weight, 0)): T {
  let left = random() * total
  for (const [choice, weight] of choices) if ((left -= weight) < 0) return choice
  return choices.at(-1)![0]
}

/** Someone whose share link a friend came through. */
export type Sharer = { code: string; email: string }

export type Person = {
  body: SignupBody
  /** When they sign up, ms since the epoch. */
  at: number
  /** When they confirm, or undefined: they never do. */
  confirmAt: number | undefined
  /** The network they came from (server/features/signup/network.ts's form), kept only with a referral. */
  network: string
}

/** Who shares: the first 2,000 placed share most (the front of the list, picked most), and a sample of everyone
 * placed shares now and then. */
export function sharerPool() {
  const popular: Sharer[] = []
  const sample: Sharer[] = []
  let seen = 0
  const random = seeded(35)
  return {
    add(sharer: Sharer) {
      if (popular.length < 2000) popular.push(sharer)
      seen++
      if (sample.length < 20_000) sample.push(sharer)
      else if (random() < 20_000 / seen) sample[Math.floor(random() * sample.length)] = sharer
    },
    popular: () => (popular.length === 0 ? undefined : popular[Math.floor(random() * popular.length)]),
    pick: (draw: () => number): Sharer | undefined => {
      if (popular.length === 0) return undefined
      return draw() < 0.7 ? popular[Math.floor(popular.length * draw() ** 3)] : sample[Math.floor(sample.length * draw())]
    },
  }
}

/** How often each thing happens, per signup (issue 35: the product's shape). */
export const shape = {
  confirmed: 0.72,
  /** Come through a share link; ~72 % confirm, and most of those credit their sharer (~1 % of signups). */
  referred: 0.015,
  /** Of the referred: a friend at a relay (no credit), one of the sharer's own spellings, a code of nobody. */
  relayFriend: 0.03,
  ownSpelling: 0.01,
  unknownCode: 0.005,
  /** Farms: bursts of friends from one network, some held for the team; one per this many signups. */
  farmEvery: 100_000,
  farmSize: 6,
} as const

const minute = 60_000
/** How long after signing up someone confirms: half within minutes, most within hours, some days later. */
function confirmDelay(random: () => number): number {
  const r = random()
  if (r < 0.5) return (1 + random() * 9) * minute
  if (r < 0.8) return (10 + random() * 350) * minute
  return (6 * 60 + random() * 42 * 60) * minute
}

/**
 * The people with indices `from` to `to` (exclusive) of a list of `total` signing up between `start` and `end`
 * (ms), in order of arrival. `sharers` picks whose link a referred person came through (undefined: nobody has one
 * yet). `farms` names the index of each farm's first friend: they arrive 30 s apart from one network and confirm
 * minutes later, all of them.
 */
export function peopleOf(
  seed: number,
  range: { from: number; to: number; total: number; start: number; end: number },
  sharers: (random: () => number) => Sharer | undefined,
  farms: Map<number, Sharer>,
): Person[] {
  const random = seeded(seed)
  const span = range.end - range.start
  const people: Person[] = []
  let farm: { sharer: Sharer; left: number; network: string; at: number } | undefined
  for (let index = range.from; index < range.to; index++) {
    const at = range.start + (span * index) / range.total
    const first = firstNames[Math.floor(random() * firstNames.length)]!
    const last = lastNames[Math.floor(random() * lastNames.length)]!
    const network = `${10 + Math.floor(random() * 200)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.0/24`
    const starting = farms.get(index)
    if (starting) farm = { sharer: starting, left: shape.farmSize, network, at }
    if (farm && farm.left > 0) {
      const n = shape.farmSize - farm.left--
      people.push({
        body: { ...bodyOf(random, first, last, index), referralCode: farm.sharer.code },
        at: farm.at + n * 30_000,
        confirmAt: farm.at + (shape.farmSize + n) * minute,
        network: farm.network,
      })
      continue
    }
    const body = bodyOf(random, first, last, index)
    const sharer = random() < shape.referred ? sharers(random) : undefined
    if (sharer) {
      const kind = random()
      if (kind < shape.relayFriend) body.email = `${localPartOf(random, first, last, index)}@privaterelay.appleid.com`
      else if (kind < shape.relayFriend + shape.ownSpelling && sharer.email.endsWith('@gmail.com')) body.email = otherSpelling(sharer.email, index)
      body.referralCode = kind > 1 - shape.unknownCode ? 'zzzz2222' : sharer.code
    }
    const confirms = random() < shape.confirmed
    people.push({ body, at, confirmAt: confirms ? Math.min(range.end, at + confirmDelay(random)) : undefined, network })
  }
  return people
}

function localPartOf(random: () => number, first: string, last: string, index: number): string {
  const name = first
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^A-Za-z]/g, '')
    .toLowerCase()
  const style = random()
  const stem = style < 0.4 ? `${name}.${last}` : style < 0.6 ? `${name}${last}` : style < 0.8 ? `${name[0]}${last}` : `${name}_${last}`
  // A suffix of the index keeps every address apart, as the numbers people add to theirs do.
  return `${stem}${index.toString(36)}`
}

function bodyOf(random: () => number, first: string, last: string, index: number): SignupBody {
  const inProvider = random() < providerShare / 100
  const domain = inProvider
    ? weighted(random, providers, providerShare)
    : `${workWords[Math.floor(random() * workWords.length)]}${workWords[Math.floor(random() * workWords.length)]}${workEnds[Math.floor(random() * workEnds.length)]}`
  const body: SignupBody = {
    firstName: random() < 0.03 ? '' : first,
    email: `${localPartOf(random, first, last, index)}@${domain}`,
    source: weighted(random, sources),
    submissionId: randomUUID(),
    consentVersion: '2026-11-22',
  }
  if (random() < 0.3) Object.assign(body, campaigns[Math.floor(random() * campaigns.length)])
  if (random() < 0.2) body.referrerOrigin = referrers[Math.floor(random() * referrers.length)]
  return body
}

/** The sharer's own Gmail address with a dot added: another spelling of one inbox (shared/mail-providers.ts). */
function otherSpelling(email: string, index: number): string {
  const at = email.indexOf('@')
  const cut = 1 + (index % Math.max(1, at - 1))
  return `${email.slice(0, cut)}.${email.slice(cut)}`.replace('..', '.')
}
