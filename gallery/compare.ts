// The review check's comparison: a picture against its baseline, pixel by pixel (pixelmatch). Two tolerances,
// both small: a pixel counts as changed only past pixelmatch's colour threshold (anti-aliased edges are not
// counted), and a picture counts as changed only past a handful of such pixels, so that the same build on the
// same machine passes and a changed colour, word or spacing fails. A change says where its pixels lie, so that one
// seen once in a log can be told apart (a checkbox's hover ring, a table scrolled) without its diff picture.
import pixelmatch from 'pixelmatch'
import { PNG } from 'pngjs'

export const tolerance = {
  /** pixelmatch's per-pixel threshold (0 to 1, in its perceptual colour space). */
  threshold: 0.1,
  /** Changed pixels allowed per picture. */
  pixels: 8,
}

export type Comparison =
  | { status: 'same'; changedPixels: number }
  | { status: 'changed'; changedPixels: number; within: Box; diff: Buffer }
  | { status: 'resized'; baseline: { width: number; height: number }; actual: { width: number; height: number } }

/** A rectangle of a picture, in pixels from its top left corner. */
export type Box = { x: number; y: number; width: number; height: number }

/** Where a diff picture's changed pixels lie: pixelmatch paints them pure red, and what did not change in grey. */
function changedBox(diff: PNG): Box {
  let [left, top, right, bottom] = [diff.width, diff.height, -1, -1]
  for (let y = 0; y < diff.height; y++) {
    for (let x = 0; x < diff.width; x++) {
      const i = (y * diff.width + x) * 4
      if (diff.data[i] !== 255 || diff.data[i + 1] !== 0 || diff.data[i + 2] !== 0) continue
      left = Math.min(left, x)
      right = Math.max(right, x)
      top = Math.min(top, y)
      bottom = Math.max(bottom, y)
    }
  }
  return { x: left, y: top, width: right - left + 1, height: bottom - top + 1 }
}

/** A box as a log line reads it: `13×13 px at 2,340`. */
export const boxWords = ({ x, y, width, height }: Box) => `${width}×${height} px at ${x},${y}`

export function comparePictures(baselinePng: Buffer, actualPng: Buffer): Comparison {
  const baseline = PNG.sync.read(baselinePng)
  const actual = PNG.sync.read(actualPng)
  if (baseline.width !== actual.width || baseline.height !== actual.height) {
    return { status: 'resized', baseline: { width: baseline.width, height: baseline.height }, actual: { width: actual.width, height: actual.height } }
  }
  const diff = new PNG({ width: actual.width, height: actual.height })
  const changedPixels = pixelmatch(baseline.data, actual.data, diff.data, actual.width, actual.height, { threshold: tolerance.threshold })
  if (changedPixels <= tolerance.pixels) return { status: 'same', changedPixels }
  return { status: 'changed', changedPixels, within: changedBox(diff), diff: PNG.sync.write(diff) }
}
