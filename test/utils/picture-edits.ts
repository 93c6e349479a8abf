// Small changes drawn into a real picture's pixels, the kind the gallery's check must catch: a word that changed
// (a few letters mirrored), text in another colour (a theme token moved, its anti-aliased edges with it), a ring
// drawn around a part (a focus ring), and a part moved by one pixel. Each works on a decoded copy (pngjs RGBA).
import { PNG } from 'pngjs'

export type Rgb = [number, number, number]
export type Rect = { x: number; y: number; width: number; height: number }

export const decode = (png: Buffer): PNG => PNG.sync.read(png)
export const encodeRaw = (picture: PNG): Buffer => PNG.sync.write(picture)

export function copyOf(picture: PNG): PNG {
  const copy = new PNG({ width: picture.width, height: picture.height })
  picture.data.copy(copy.data)
  return copy
}

const offset = (picture: PNG, x: number, y: number) => (y * picture.width + x) * 4
const rgbAt = (picture: PNG, x: number, y: number): Rgb => {
  const i = offset(picture, x, y)
  return [picture.data[i]!, picture.data[i + 1]!, picture.data[i + 2]!]
}
const key = ([r, g, b]: Rgb) => (r << 16) | (g << 8) | b
const fromKey = (k: number): Rgb => [(k >> 16) & 255, (k >> 8) & 255, k & 255]
const distance = (a: Rgb, b: Rgb) => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2])

/** The colours of a picture, most used first, with their counts. */
export function colourCounts(picture: PNG): { colour: Rgb; count: number }[] {
  const counts = new Map<number, number>()
  for (let y = 0; y < picture.height; y++) {
    for (let x = 0; x < picture.width; x++) {
      const k = key(rgbAt(picture, x, y))
      counts.set(k, (counts.get(k) ?? 0) + 1)
    }
  }
  return [...counts].sort((a, b) => b[1] - a[1]).map(([k, count]) => ({ colour: fromKey(k), count }))
}

/** The background (the most used colour) and the ink: the most used colour far from it (text, as a rule). */
export function backgroundAndInk(picture: PNG): { background: Rgb; ink: Rgb } {
  const [first, ...rest] = colourCounts(picture)
  const ink = rest.find(({ colour }) => distance(colour, first!.colour) > 120) ?? rest[0]!
  return { background: first!.colour, ink: ink.colour }
}

/** The width × height window with the most edges between ink and background (pixels far from their left
 * neighbour): a line of text, as a rule, rather than a filled block. */
export function textWindow(picture: PNG, width: number, height: number): Rect {
  const w = picture.width + 1
  const sums = new Int32Array(w * (picture.height + 1))
  for (let y = 0; y < picture.height; y++) {
    for (let x = 0; x < picture.width; x++) {
      const edge = x > 0 && distance(rgbAt(picture, x, y), rgbAt(picture, x - 1, y)) > 60 ? 1 : 0
      sums[(y + 1) * w + x + 1] = edge + sums[y * w + x + 1]! + sums[(y + 1) * w + x]! - sums[y * w + x]!
    }
  }
  let best: Rect = { x: 0, y: 0, width, height }
  let most = -1
  for (let y = 0; y + height <= picture.height; y++) {
    for (let x = 0; x + width <= picture.width; x++) {
      const edges = sums[(y + height) * w + x + width]! - sums[y * w + x + width]! - sums[(y + height) * w + x]! + sums[y * w + x]!
      if (edges > most) {
        most = edges
        best = { x, y, width, height }
      }
    }
  }
  return best
}

/** A changed word: the letters in `rect` mirrored left to right. */
export function mirrorRegion(picture: PNG, rect: Rect): PNG {
  const out = copyOf(picture)
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x; x < rect.x + rect.width; x++) {
      picture.data.copy(out.data, offset(out, x, y), offset(picture, rect.x + rect.width - 1 - (x - rect.x), y), offset(picture, rect.x + rect.width - 1 - (x - rect.x), y) + 4)
    }
  }
  return out
}

/** A part moved right by one pixel: each pixel of `rect` takes its left neighbour's colour. */
export function moveRegionRight(picture: PNG, rect: Rect): PNG {
  const out = copyOf(picture)
  for (let y = rect.y; y < rect.y + rect.height; y++) {
    for (let x = rect.x + 1; x < rect.x + rect.width; x++) picture.data.copy(out.data, offset(out, x, y), offset(picture, x - 1, y), offset(picture, x - 1, y) + 4)
  }
  return out
}

/** Text of colour `from` over `background` repainted in `to`, as a theme's token change would: each pixel between
 * the two (an anti-aliased edge, `from` at a coverage a) becomes the same mix of `background` and `to`. */
export function recolour(picture: PNG, background: Rgb, from: Rgb, to: Rgb): PNG {
  const out = copyOf(picture)
  const span: Rgb = [from[0] - background[0], from[1] - background[1], from[2] - background[2]]
  const length2 = span[0] ** 2 + span[1] ** 2 + span[2] ** 2
  for (let y = 0; y < picture.height; y++) {
    for (let x = 0; x < picture.width; x++) {
      const p = rgbAt(picture, x, y)
      const a = ((p[0] - background[0]) * span[0] + (p[1] - background[1]) * span[1] + (p[2] - background[2]) * span[2]) / length2
      if (a <= 0.05 || a > 1.0001) continue
      const onLine: Rgb = [background[0] + a * span[0], background[1] + a * span[1], background[2] + a * span[2]]
      if (distance(p, onLine) > 4) continue
      const i = offset(out, x, y)
      for (let c = 0; c < 3; c++) out.data[i + c] = Math.round(background[c]! + a * (to[c]! - background[c]!))
    }
  }
  return out
}

/** A ring of `thickness` pixels drawn just outside `rect`, as a focus ring is. */
export function drawRing(picture: PNG, rect: Rect, colour: Rgb, thickness = 2): PNG {
  const out = copyOf(picture)
  for (let y = rect.y - thickness; y < rect.y + rect.height + thickness; y++) {
    for (let x = rect.x - thickness; x < rect.x + rect.width + thickness; x++) {
      const inside = x >= rect.x && x < rect.x + rect.width && y >= rect.y && y < rect.y + rect.height
      if (inside || x < 0 || y < 0 || x >= out.width || y >= out.height) continue
      const i = offset(out, x, y)
      out.data[i] = colour[0]
      out.data[i + 1] = colour[1]
      out.data[i + 2] = colour[2]
      out.data[i + 3] = 255
    }
  }
  return out
}

/** A colour moved `steps` towards white (or black, for a light colour) in each channel: a token one step lighter. */
export const nudged = (colour: Rgb, steps: number): Rgb => {
  const sign = colour[0] + colour[1] + colour[2] > 382 ? -1 : 1
  return colour.map((c) => Math.max(0, Math.min(255, c + sign * steps))) as Rgb
}
