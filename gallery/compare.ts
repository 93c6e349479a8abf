// The review check's comparison: a picture against its baseline, pixel by pixel (pixelmatch). Two tolerances,
// both small: a pixel counts as changed only past pixelmatch's colour threshold (anti-aliased edges are not
// counted), and a picture counts as changed only past a handful of such pixels, so that the same build on the
// same machine passes and a changed colour, word or spacing fails.
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
  | { status: 'changed'; changedPixels: number; diff: Buffer }
  | { status: 'resized'; baseline: { width: number; height: number }; actual: { width: number; height: number } }

export function comparePictures(baselinePng: Buffer, actualPng: Buffer): Comparison {
  const baseline = PNG.sync.read(baselinePng)
  const actual = PNG.sync.read(actualPng)
  if (baseline.width !== actual.width || baseline.height !== actual.height) {
    return { status: 'resized', baseline: { width: baseline.width, height: baseline.height }, actual: { width: actual.width, height: actual.height } }
  }
  const diff = new PNG({ width: actual.width, height: actual.height })
  const changedPixels = pixelmatch(baseline.data, actual.data, diff.data, actual.width, actual.height, { threshold: tolerance.threshold })
  if (changedPixels <= tolerance.pixels) return { status: 'same', changedPixels }
  return { status: 'changed', changedPixels, diff: PNG.sync.write(diff) }
}
