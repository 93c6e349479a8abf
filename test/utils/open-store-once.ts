// Run as its own process by the store contract suite: opens (and so migrates) DATABASE_URL, adds one signup,
// closes. Several at once stand for instances starting together.
import { openStore } from '../../tools/open-store'
import { canonicalAddress } from '../../shared/mailbox'

const url = process.env.DATABASE_URL ?? ''
const email = process.env.SIGNUP_EMAIL ?? ''
const store = await openStore(url)
await store.add({ email, emailNormalized: canonicalAddress(email)!, firstName: '', source: 'test', submissionId: null })
await store.close()
