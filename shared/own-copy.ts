// A person's own copy of their data (issue 51; GDPR Art. 15 and 20): what their page and their JSON download hold,
// and what the console makes for a request that came by post or phone. It is their record as every wing reads it
// (shared/person-record.ts), so the copy and the console's page, and the erasure, cover the same data; only what
// is someone else's is left out: a friend is counted, never named or addressed.
import type { PersonRecord } from './person-record'
import { brand } from './brand'

export type OwnCopy = {
  /** What this file is, in one sentence. */
  about: string
  madeAt: string
  signup: {
    email: string
    firstName: string
    joinedAt: string
    status: PersonRecord['signup']['status']
    /** The form they joined through, and what their landing carried (null when it carried none). */
    source: string
    utmSource: string | null
    utmMedium: string | null
    utmCampaign: string | null
    referrerOrigin: string | null
  }
  /** The consent record: the wording's version the form showed, and when each step happened. */
  consent: { version: string | null; confirmationQueuedAt: string | null; confirmedAt: string | null; unsubscribedAt: string | null }
  /** The purposes of email they gave, and when. */
  purposes: {
    earlyAccess: { held: boolean }
    news: { held: boolean; version: string | null; givenAt: string | null; withdrawnAt: string | null }
  }
  /** Every email we sent or queued to them: its kind, how it stands, and when. No bodies are kept. */
  emails: PersonRecord['emails']
  line: {
    place: number | null
    /** Their own share link's code. */
    code: string | null
    credits: number
    /** The code of the share link they came through, if any (whose it is is not theirs to read). */
    cameThroughCode: string | null
    /** How many friends joined through their link, and how many of those confirmed: counts, never who. */
    friendsJoined: number
    friendsConfirmed: number
  }
  invitations: PersonRecord['invitations']
  activation: PersonRecord['activation']
  /** Whether their address is on our suppression list (no email goes to it), why, and when. */
  suppression: PersonRecord['suppression']
  /** Their answers to our questions, each with the wording they answered, sensitive ones included (opened for them),
   * and their consent to the sensitive questions. */
  answers: PersonRecord['answers']
  /** Events about them our own systems were told of (webhooks): which, and how each went. */
  eventsSent: { event: string; status: string; createdAt: string; finishedAt: string | null }[]
  /** What we keep that is not linked to them, in words. */
  notLinked: string[]
}

/** Said in every copy: what we hold that cannot be joined to a person. */
export const notLinkedWords = [
  'Visits to the site are counted by a hash of the day, the site, the network address and the browser. The hash changes every day, and the day’s key is deleted an hour into the next, so after that no visit can be joined to anyone, you included.',
  'The counts of signups, confirmations, invitations and activations per day, source and campaign are numbers only.',
  'If you erase your data, we keep a one-way fingerprint of your address (a keyed hash), so that we never email it again.',
]

export function ownCopyOf(record: PersonRecord, madeAt: Date): OwnCopy {
  const { signup, consent, line } = record
  return {
    about: `Everything ${brand.legalName} holds about ${signup.email} on its waitlist, made at your request.`,
    madeAt: madeAt.toISOString(),
    signup: {
      email: signup.email,
      firstName: signup.firstName,
      joinedAt: signup.createdAt,
      status: signup.status,
      source: signup.source,
      utmSource: signup.utmSource,
      utmMedium: signup.utmMedium,
      utmCampaign: signup.utmCampaign,
      referrerOrigin: signup.referrerOrigin,
    },
    consent: {
      version: consent.version,
      confirmationQueuedAt: consent.confirmationQueuedAt,
      confirmedAt: consent.confirmedAt,
      unsubscribedAt: consent.unsubscribedAt,
    },
    purposes: {
      earlyAccess: { held: signup.status !== 'unsubscribed' },
      news: { held: consent.news.givenAt !== null && consent.news.withdrawnAt === null, ...consent.news },
    },
    emails: record.emails,
    line: {
      place: line.place,
      code: line.code,
      credits: line.credits,
      cameThroughCode: line.referredByCode,
      friendsJoined: line.referred.length,
      friendsConfirmed: line.referred.filter((friend) => friend.outcome !== null).length,
    },
    invitations: record.invitations,
    activation: record.activation,
    suppression: record.suppression,
    answers: record.answers,
    eventsSent: record.deliveries.map(({ event, status, createdAt, finishedAt }) => ({ event, status, createdAt, finishedAt })),
    notLinked: notLinkedWords,
  }
}

/** The download's file name: the brand and the day it was made. */
export const ownCopyFileName = (madeAt: Date) => `${brand.companyName.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-my-data-${madeAt.toISOString().slice(0, 10)}.json`
