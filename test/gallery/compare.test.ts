// @vitest-environment node
// The gallery's review check (gallery/compare.ts): the same picture passes, a changed colour fails with
// the count of changed pixels, the box they lie in and a diff picture, a change of size fails, and noise below the tolerance passes.
import { PNG } from 'pngjs'
import { describe, expect, it } from 'vitest'
import { boxWords, comparePictures, tolerance } from '../../gallery/compare'

/** A 60×20 white picture with a 40×8 "status line" of one colour, as PNG bytes. */
function picture(lineColour: [number, number, number], { width = 60, height = 20, specks = 0 } = {}): Buffer {
  const png = new PNG({ width, height })
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4
      const inLine = x >= 10 && x < 50 && y >= 6 && y < 14
      const speck = y === 0 && x < specks
      const [r, g, b] = inLine ? lineColour : speck ? [0, 0, 0] : [255, 255, 255]
      png.data[i] = r
      png.data[i + 1] = g
      png.data[i + 2] = b
      png.data[i + 3] = 255
    }
  }
  return PNG.sync.write(png)
}

const errorRed: [number, number, number] = [0xb4, 0x23, 0x18]

describe("the gallery's comparison", () => {
  it('passes the same picture', () => {
    expect(comparePictures(picture(errorRed), picture(errorRed))).toEqual({ status: 'same', changedPixels: 0 })
  })

  it('fails when the error colour changes, counting every pixel of the line', () => {
    const result = comparePictures(picture(errorRed), picture([0x1d, 0x4e, 0xd8]))
    expect(result.status).toBe('changed')
    if (result.status !== 'changed') return
    expect(result.changedPixels).toBe(40 * 8)
    // Where: the line's own box, as the log names it.
    expect(result.within).toEqual({ x: 10, y: 6, width: 40, height: 8 })
    expect(boxWords(result.within)).toBe('40×8 px at 10,6')
    const diff = PNG.sync.read(result.diff)
    expect([diff.width, diff.height]).toEqual([60, 20])
  })

  it('passes a few stray pixels, up to the tolerance, and fails one more', () => {
    expect(comparePictures(picture(errorRed), picture(errorRed, { specks: tolerance.pixels })).status).toBe('same')
    expect(comparePictures(picture(errorRed), picture(errorRed, { specks: tolerance.pixels + 1 })).status).toBe('changed')
  })

  it('fails a picture whose size changed (a line more, a wrapped word)', () => {
    expect(comparePictures(picture(errorRed), picture(errorRed, { height: 24 }))).toEqual({
      status: 'resized',
      baseline: { width: 60, height: 20 },
      actual: { width: 60, height: 24 },
    })
  })
})
