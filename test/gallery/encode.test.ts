// @vitest-environment node
// The gallery writes every picture as a palette PNG (gallery/encode.ts), the baseline and the picture it checks.
// On real baselines, with small changes drawn into their pixels: the same pixels give the same bytes and read as
// 'same'; a changed word, text in the theme's neighbouring colour, a focus ring and a part moved by 1 px each
// read as 'changed'; and at every step of a colour's change, the palette check sees what the truecolour check
// sees, so quantizing (close colours sharing a palette entry) hides nothing the check would have caught.
import { readFile } from 'node:fs/promises'
import { beforeAll, describe, expect, it } from 'vitest'
import { comparePictures, type Comparison } from '../../gallery/compare'
import { encodePicture } from '../../gallery/encode'
import { palettes } from '../../shared/site-palette'
import { decode, drawRing, encodeRaw, mirrorRegion, moveRegionRight, nudged, recolour, textWindow, type Rgb } from '../utils/picture-edits'
import type { PNG } from 'pngjs'

const rgb = (hex: string): Rgb => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb

const cases = [
  { scheme: 'light', file: 'gallery/baseline/waitlist/failure-an-api-error-occurred-390-light.png' },
  { scheme: 'dark', file: 'gallery/baseline/adminPerson/erased-1280-dark.png' },
] as const

const status = (comparison: Comparison) => comparison.status

describe.each(cases)('the palette encoding, on the $scheme picture $file', ({ scheme, file }) => {
  const palette = palettes[scheme]
  let png: Buffer
  let picture: PNG
  let baseline: Buffer
  /** The check as the gallery runs it: both sides through the palette writer. */
  const check = async (changed: PNG) => comparePictures(baseline, await encodePicture(encodeRaw(changed)))
  /** The check as it ran before, on Chromium's truecolour pixels. */
  const truecolourCheck = (changed: PNG) => comparePictures(png, encodeRaw(changed))

  beforeAll(async () => {
    png = await readFile(file)
    picture = decode(png)
    baseline = await encodePicture(png)
  })

  it('writes the same bytes for the same pixels, which read as the same picture', async () => {
    expect((await encodePicture(png)).equals(baseline)).toBe(true)
    expect(comparePictures(baseline, await encodePicture(encodeRaw(picture)))).toEqual({ status: 'same', changedPixels: 0 })
    // Nothing the check sees is lost in the encoding, and encoding twice changes nothing either.
    expect(comparePictures(png, baseline)).toEqual({ status: 'same', changedPixels: 0 })
    expect(comparePictures(baseline, await encodePicture(baseline))).toEqual({ status: 'same', changedPixels: 0 })
  })

  it('fails a changed word (a few letters mirrored)', async () => {
    const word = textWindow(picture, 24, 14)
    expect(status(await check(mirrorRegion(picture, word)))).toBe('changed')
  })

  it("fails text in the theme's neighbouring colour (ink painted as inkMuted)", async () => {
    const changed = recolour(picture, rgb(palette.surface), rgb(palette.ink), rgb(palette.inkMuted))
    expect(status(truecolourCheck(changed))).toBe('changed')
    expect(status(await check(changed))).toBe('changed')
  })

  it('fails a focus ring drawn around a part, and a focus ring of another colour', async () => {
    const part = textWindow(picture, 80, 20)
    const ringed = drawRing(picture, part, rgb(palette.focus))
    expect(status(await check(ringed))).toBe('changed')
    const ringedBaseline = await encodePicture(encodeRaw(ringed))
    const otherRing = await encodePicture(encodeRaw(drawRing(picture, part, rgb(palettes[scheme === 'light' ? 'dark' : 'light'].focus))))
    expect(status(comparePictures(ringedBaseline, otherRing))).toBe('changed')
  })

  it('fails a line of text moved right by 1 px', async () => {
    const line = textWindow(picture, 80, 20)
    expect(status(await check(moveRegionRight(picture, line)))).toBe('changed')
  })

  // Steps from 1 to 40 levels a channel: each one near the truecolour check's threshold (about 27), a few far from
  // it; every step of the 40 took over a minute with three suites beside it (load 16, 2026-12-06).
  const stepsTried = [1, 5, 10, 15, ...Array.from({ length: 15 }, (_, index) => 20 + index), 40]
  it('sees every step of a colour change that the truecolour check sees, for the text and for a ring', { timeout: 180_000 }, async () => {
    const background = rgb(palette.surface)
    const ink = rgb(palette.ink)
    const part = textWindow(picture, 80, 20)
    const ringed = drawRing(picture, part, rgb(palette.focus))
    const ringedPng = encodeRaw(ringed)
    const ringedBaseline = await encodePicture(ringedPng)
    const missed: string[] = []
    let seenByTruecolour = 0
    for (const steps of stepsTried) {
      const text = recolour(picture, background, ink, nudged(ink, steps))
      const ring = encodeRaw(drawRing(picture, part, nudged(rgb(palette.focus), steps)))
      const pairs = [
        ['text', truecolourCheck(text), await check(text)],
        ['ring', comparePictures(ringedPng, ring), comparePictures(ringedBaseline, await encodePicture(ring))],
      ] as const
      for (const [what, truecolour, palette] of pairs) {
        if (truecolour.status === 'same') continue
        seenByTruecolour++
        if (palette.status === 'same') missed.push(`${what} ${steps} steps`)
      }
    }
    // The truecolour check sees the larger steps (past pixelmatch's threshold, about 27 levels a channel) ...
    expect(seenByTruecolour).toBeGreaterThan(10)
    // ... and the palette check sees every one of them.
    expect(missed).toEqual([])
  })
})
