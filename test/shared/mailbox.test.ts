// @vitest-environment node
// The canonical address: one mailbox, one form, whatever way it was typed; and the inbox it reaches.
import { describe, expect, it } from 'vitest'
import { isRelayAddress } from '../../shared/mail-providers'
import { inboxKey } from '../../shared/mail-providers'
import { canonicalAddress, parseMailbox } from '../../shared/mailbox'

describe('parseMailbox', () => {
  it.each([
    [' Ann@Example.COM ', 'ann@example.com'],
    ['VICTIM@TARGET.EXAMPLE', 'victim@target.example'],
    ['user@bücher.example', 'user@xn--bcher-kva.example'],
    ['user@XN--BCHER-KVA.example', 'user@xn--bcher-kva.example'],
    ['x@mailinator.com.', 'x@mailinator.com'],
    ['Jörg@Example.de', 'jörg@example.de'],
    ['jo\u0308rg@example.de', 'jörg@example.de'],
    ["o'brien+news@example.com", "o'brien+news@example.com"],
    ['a.b-c_d@sub.example.co.uk', 'a.b-c_d@sub.example.co.uk'],
  ])('reads %j as %j', (typed, canonical) => {
    expect(parseMailbox(typed)).toEqual({ address: canonical })
  })

  it.each([
    'alice@one.example,bob@two.example,carol@three.example',
    'a@b.io,c@d.io,e@f.io,g@h.io,i@j.io,k@l.io,m@n.io,o@p.io,q@r.io@s.io',
    'x@mailinator.com,me@ok.example',
    'ann@example.com.com.,',
    'Ann <ann@example.com>',
    '"a@b.io"@c.io',
    'ann@example',
    'ann@example.123',
    'ann@[::1]',
    '@example.com',
    'ann@',
    'ann@@example.com',
    'ann@exa mple.com',
    'ann\t@example.com',
    'ann\u00a0@example.com',
    'ann\u2028@example.com',
    'ann\u200b@example.com',
    `${'a'.repeat(64)}@${'b'.repeat(64)}.com`,
  ])('refuses %j', (typed) => {
    expect(parseMailbox(typed)).toHaveProperty('problem')
  })

  it('counts the limits on the canonical form: 64 before the @, 254 in all', () => {
    const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.${'e'.repeat(2)}.com`
    expect(canonicalAddress(`${'a'.repeat(64)}@${domain}`)).toHaveLength(254)
    expect(parseMailbox(`${'a'.repeat(65)}@example.com`)).toEqual({ problem: 'local-part-too-long' })
    expect(parseMailbox(`${'a'.repeat(64)}@x${domain}`)).toEqual({ problem: 'too-long' })
  })
})

describe('inboxKey', () => {
  it.each([
    ['ann+waitlist@example.com', 'ann@example.com'],
    ['ann@example.com', 'ann@example.com'],
    ['a.n.n+x@gmail.com', 'ann@gmail.com'],
    ['ann@googlemail.com', 'ann@gmail.com'],
    ['a.nn@example.com', 'a.nn@example.com'],
    ['+tag@example.com', '+tag@example.com'],
    // Proton: dots, hyphens and underscores are transparent, and its four domains are one.
    ['j.o_h-n+news@protonmail.com', 'john@proton.me'],
    ['john@pm.me', 'john@proton.me'],
    ['john@protonmail.ch', 'john@proton.me'],
    // Fastmail's subdomain addressing: anything@user.fastmail.com is user@fastmail.com.
    ['shop@ann.fastmail.com', 'ann@fastmail.com'],
    ['ann+shop@fastmail.fm', 'ann@fastmail.fm'],
    ['ann@fastmail.com', 'ann@fastmail.com'],
    ['a.nn@fastmail.com', 'a.nn@fastmail.com'],
    // Yahoo's disposable addresses: name-keyword@yahoo.com.
    ['ann-shop@yahoo.com', 'ann@yahoo.com'],
    ['ann.lee@yahoo.com', 'ann.lee@yahoo.com'],
    // iCloud: me.com and mac.com are icloud.com.
    ['ann+x@me.com', 'ann@icloud.com'],
    ['ann@mac.com', 'ann@icloud.com'],
    // Elsewhere a hyphen, an underscore or a subdomain is part of the address.
    ['ann-shop@example.com', 'ann-shop@example.com'],
    ['a_nn@gmail.com', 'a_nn@gmail.com'],
    ['shop@ann.example.com', 'shop@ann.example.com'],
  ])('counts %j as the inbox %j', (address, inbox) => {
    expect(inboxKey(address)).toBe(inbox)
  })
})

describe('isRelayAddress', () => {
  it.each([
    ['dpdcnf87nu@privaterelay.appleid.com', true],
    ['abc123@mozmail.com', true],
    ['shop@ann.mozmail.com', true],
    ['w11tzqdr@duck.com', true],
    ['x.y@aleeas.com', true],
    ['x@simplelogin.com', true],
    ['shop@ann.anonaddy.com', true],
    ['circus.waltz449@anonaddy.me', true],
    ['ann@icloud.com', false],
    ['ann@example.com', false],
    ['ann@notmozmail.com', false],
  ])('says %j is a relay: %j', (address, relay) => {
    expect(isRelayAddress(address)).toBe(relay)
  })
})
