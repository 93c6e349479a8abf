// The suppression list (issue 49): the mailboxes the outbox sends nothing more to. Written once for both engines
// (platform/database/database.ts). A row is keyed by the keyed hash of the canonical address (secrets/address-hash.ts,
// the hash an erasure keeps), so an erasure takes the address away and the row stays: the mailbox is still known to
// bounce if it signs up again. The rules, in one place:
//   - a hard bounce (a 5yz at RCPT, a provider's permanent bounce) suppresses at once;
//   - a soft bounce (a 4yz once the retries ran out, a provider's transient bounce) is counted, and `limit` of them
//     within `windowMs` suppress (SOFT_BOUNCE_LIMIT, SOFT_BOUNCE_DAYS);
//   - a complaint suppresses, and is told even for an address already suppressed: consent then unsubscribes its
//     owner from every purpose (features/consent/ follows `suppression`);
//   - a team member may suppress or lift by hand (the console, audited there).
// Each suppression is published (`suppressed`, suppression-events.ts) in its own transaction, its followers' locks
// taken first.
import { canonicalAddress } from '../../../shared/mailbox'
import { providerWordsMaxLength, type SuppressionReason, type SuppressionSource } from '../../../shared/suppression'
import type { Database, Db } from '../database/database'
import { addressHash } from '../secrets/address-hash'
import type { SuppressionEventBus } from './suppression-events'

/** What the mail server or a provider said of one address. */
export type Bounce = { address: string; kind: 'hard' | 'soft' | 'complaint'; source: SuppressionSource; words: string }

/** An address's place on the list. */
export type Suppression = { reason: SuppressionReason; source: SuppressionSource; words: string; suppressedAt: string }

/** What a bounce did: suppressed the address (or told a complaint again), counted a soft one, or nothing new. */
export type Recorded = 'suppressed' | 'counted' | 'already' | 'not-an-address'

export type SoftBounceRule = { limit: number; windowMs: number }

/** The defaults of SOFT_BOUNCE_LIMIT and SOFT_BOUNCE_DAYS: listmonk's soft bounces are counted the same way, and
 * three in two weeks is a mailbox that has stopped taking mail, not a server having a bad hour. */
export const softBounceDefaults: SoftBounceRule = { limit: 3, windowMs: 14 * 86_400_000 }

/** A page of the list, newest first, with the cursor of the older ones. */
export type SuppressionPage = { entries: (Suppression & { address: string | null })[]; older: string | null }

export interface SuppressionStore {
  /** The entry that stops mail to the address, or undefined when it is not suppressed. */
  suppressionOf(address: string): Promise<Suppression | undefined>
  /** Of the addresses, those suppressed, each with its entry, by canonical address: one read for a batch of emails. */
  suppressionsAmong(addresses: readonly string[]): Promise<Map<string, Suppression>>
  /** Records a bounce or a complaint, in a transaction of its own. */
  record(bounce: Bounce, now: Date): Promise<Recorded>
  /** A team member puts the address on the list (`manual`). */
  suppress(address: string, words: string, now: Date): Promise<Recorded>
  /** A team member takes the address off the list, and its soft bounces with it: whether it was on it. */
  lift(address: string, by: string, now: Date): Promise<boolean>
  /** A page of the suppressed entries, newest first (`before`: the cursor a page gave). */
  list(options: { before?: string; size: number }): Promise<SuppressionPage>
  /** An erasure: the address leaves its row, in the erasure's transaction; its hash stays. */
  forget(trx: Db, address: string): Promise<void>
}

/** The provider's words as kept: one line, no control characters, at most providerWordsMaxLength characters. */
export function trimmedWords(words: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what this takes out
  const line = words.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim()
  return line.length > providerWordsMaxLength ? `${line.slice(0, providerWordsMaxLength - 1)}…` : line
}

const reasonOf = { hard: 'hard-bounce', complaint: 'complaint' } as const

export function suppressionStore(database: Database, options: { events: () => SuppressionEventBus; softBounces?: SoftBounceRule }): SuppressionStore {
  const { db, lockRows, erasureSalt } = database
  const rule = options.softBounces ?? softBounceDefaults
  const iso = (date: Date) => date.toISOString()
  const hashOf = (address: string) => addressHash(erasureSalt, address)

  // One change to one address's row, its followers' locks taken first and then the row's (created if need be).
  async function change(address: string, now: Date, decide: (row: RowNow) => Change | undefined): Promise<Recorded> {
    const canonical = canonicalAddress(address)
    if (!canonical) return 'not-an-address'
    const events = options.events()
    return db.transaction().execute(async (trx) => {
      await events.lock(trx, 'suppressed')
      const hash = hashOf(canonical)
      await trx.insertInto('suppressions').values({ address_hash: hash, address: canonical }).onConflict((conflict) => conflict.doNothing()).execute()
      const row = await lockRows(trx.selectFrom('suppressions').select(['reason', 'suppressed_at', 'soft_bounces']).where('address_hash', '=', hash)).executeTakeFirstOrThrow()
      const decided = decide({ suppressed: row.suppressed_at !== null, reason: row.reason, softBounces: row.soft_bounces.split(' ').filter(Boolean) })
      if (!decided) return 'already'
      // A complaint from an address already suppressed for one: its owner said stop again (back on the list from a
      // new signup, say), so it is told again, and the entry keeps the first complaint's time and words.
      if ('toldAgain' in decided) {
        await events.publish(trx, 'suppressed', { address: canonical, reason: 'complaint', source: decided.source, now })
        return 'suppressed'
      }
      if ('softBounces' in decided) {
        await trx.updateTable('suppressions').set({ address: canonical, soft_bounces: decided.softBounces.join(' ') }).where('address_hash', '=', hash).execute()
        return 'counted'
      }
      const { reason, source, words } = decided
      await trx
        .updateTable('suppressions')
        .set({ address: canonical, reason, source, words: trimmedWords(words), suppressed_at: iso(now), soft_bounces: '', lifted_at: null, lifted_by: null })
        .where('address_hash', '=', hash)
        .execute()
      await events.publish(trx, 'suppressed', { address: canonical, reason, source, now })
      return 'suppressed'
    })
  }

  return {
    async suppressionOf(address) {
      const canonical = canonicalAddress(address)
      if (!canonical) return undefined
      const row = await db
        .selectFrom('suppressions')
        .select(['reason', 'source', 'words', 'suppressed_at'])
        .where('address_hash', '=', hashOf(canonical))
        .where('suppressed_at', 'is not', null)
        .executeTakeFirst()
      return row && entryOf(row)
    },
    async suppressionsAmong(addresses) {
      const byHash = new Map<string, string>()
      for (const address of addresses) {
        const canonical = canonicalAddress(address)
        if (canonical) byHash.set(hashOf(canonical), canonical)
      }
      if (byHash.size === 0) return new Map()
      const rows = await db
        .selectFrom('suppressions')
        .select(['address_hash', 'reason', 'source', 'words', 'suppressed_at'])
        .where('address_hash', 'in', [...byHash.keys()])
        .where('suppressed_at', 'is not', null)
        .execute()
      return new Map(rows.map((row) => [byHash.get(row.address_hash)!, entryOf(row)]))
    },
    record(bounce, now) {
      return change(bounce.address, now, (row) => {
        const suppression = { source: bounce.source, words: bounce.words }
        if (bounce.kind === 'complaint') return row.reason === 'complaint' && row.suppressed ? { toldAgain: true, source: bounce.source } : { reason: 'complaint', ...suppression }
        if (row.suppressed) return undefined
        if (bounce.kind === 'hard') return { reason: reasonOf.hard, ...suppression }
        // The soft bounces inside the window, this one with them: the limit reached suppresses.
        const since = now.getTime() - rule.windowMs
        const recent = [...row.softBounces.filter((at) => new Date(at).getTime() > since), iso(now)]
        return recent.length >= rule.limit ? { reason: 'soft-bounces', ...suppression } : { softBounces: recent.slice(-rule.limit) }
      })
    },
    suppress(address, words, now) {
      return change(address, now, (row) => (row.suppressed ? undefined : { reason: 'manual', source: 'console', words }))
    },
    async lift(address, by, now) {
      const canonical = canonicalAddress(address)
      if (!canonical) return false
      const lifted = await db
        .updateTable('suppressions')
        .set({ suppressed_at: null, reason: null, source: null, words: null, soft_bounces: '', lifted_at: iso(now), lifted_by: by })
        .where('address_hash', '=', hashOf(canonical))
        .where('suppressed_at', 'is not', null)
        .executeTakeFirst()
      return lifted.numUpdatedRows === 1n
    },
    async list({ before, size }) {
      const cursor = before ? parseCursor(before) : undefined
      const rows = await database.reads
        .selectFrom('suppressions')
        .select(['address_hash', 'address', 'reason', 'source', 'words', 'suppressed_at'])
        .where('suppressed_at', 'is not', null)
        .$if(cursor !== undefined, (query) =>
          query.where((eb) =>
            eb.or([
              eb('suppressed_at', '<', cursor!.at),
              eb.and([eb('suppressed_at', '=', cursor!.at), eb('address_hash', '<', cursor!.hash)]),
            ]),
          ),
        )
        .orderBy('suppressed_at', 'desc')
        .orderBy('address_hash', 'desc')
        .limit(size + 1)
        .execute()
      const page = rows.slice(0, size)
      const last = page.at(-1)
      return {
        entries: page.map((row) => ({ address: row.address, ...entryOf(row) })),
        older: rows.length > size && last ? `${last.suppressed_at}|${last.address_hash}` : null,
      }
    },
    async forget(trx, address) {
      await trx.updateTable('suppressions').set({ address: null }).where('address_hash', '=', hashOf(address)).execute()
    },
  }
}

type RowNow = { suppressed: boolean; reason: SuppressionReason | null; softBounces: string[] }
type Change = { reason: SuppressionReason; source: SuppressionSource; words: string } | { softBounces: string[] } | { toldAgain: true; source: SuppressionSource }

function entryOf(row: { reason: SuppressionReason | null; source: SuppressionSource | null; words: string | null; suppressed_at: string | null }): Suppression {
  return { reason: row.reason ?? 'manual', source: row.source ?? 'console', words: row.words ?? '', suppressedAt: row.suppressed_at ?? '' }
}

function parseCursor(text: string): { at: string; hash: string } | undefined {
  const [at, hash] = text.split('|')
  return at && hash && !Number.isNaN(new Date(at).getTime()) && /^[0-9a-f]{64}$/.test(hash) ? { at, hash } : undefined
}
