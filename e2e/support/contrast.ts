// Measures text contrast against the pixels actually painted behind the text. axe cannot judge text over
// a gradient (it reports such text as "incomplete", not as passed), and the transparent header sits over
// the pages' gradient hero; so the text is hidden for a moment, its box is screenshotted, and the text
// colour is compared with every backdrop pixel (WCAG 1.4.3: 4.5:1, or 3:1 for large text). Icons inside the
// element are hidden with the text, so only what lies behind it is measured.
import { inflateSync } from 'node:zlib'
import type { Locator } from '@playwright/test'

type Rgb = [number, number, number]

const channel = (value: number) => {
  const c = value / 255
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
}
const luminance = ([r, g, b]: Rgb) => 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)

export function contrastRatio(a: Rgb, b: Rgb) {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

/** The pixels of a PNG as Chromium writes screenshots: 8-bit RGB or RGBA, not interlaced. */
export function decodePng(png: Buffer): { width: number; height: number; pixels: Rgb[] } {
  let offset = 8
  let width = 0
  let height = 0
  let bytesPerPixel = 4
  const idat: Buffer[] = []
  while (offset < png.length) {
    const length = png.readUInt32BE(offset)
    const type = png.toString('ascii', offset + 4, offset + 8)
    const data = png.subarray(offset + 8, offset + 8 + length)
    if (type === 'IHDR') {
      width = data.readUInt32BE(0)
      height = data.readUInt32BE(4)
      const [bitDepth, colorType, , , interlace] = [data[8], data[9], data[10], data[11], data[12]]
      if (bitDepth !== 8 || (colorType !== 6 && colorType !== 2) || interlace !== 0) throw new Error('unsupported PNG')
      bytesPerPixel = colorType === 6 ? 4 : 3
    } else if (type === 'IDAT') idat.push(data)
    offset += 12 + length
  }
  const raw = inflateSync(Buffer.concat(idat))
  const stride = width * bytesPerPixel
  const out = Buffer.alloc(stride * height)
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!
    for (let x = 0; x < stride; x++) {
      const value = raw[y * (stride + 1) + 1 + x]!
      const left = x >= bytesPerPixel ? out[y * stride + x - bytesPerPixel]! : 0
      const up = y > 0 ? out[(y - 1) * stride + x]! : 0
      const upLeft = y > 0 && x >= bytesPerPixel ? out[(y - 1) * stride + x - bytesPerPixel]! : 0
      const paeth = () => {
        const p = left + up - upLeft
        const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - upLeft)]
        return pa <= pb && pa <= pc ? left : pb <= pc ? up : upLeft
      }
      const predictor = [0, left, up, (left + up) >> 1, paeth()][filter] ?? 0
      out[y * stride + x] = (value + predictor) & 255
    }
  }
  const pixels: Rgb[] = []
  for (let i = 0; i < out.length; i += bytesPerPixel) pixels.push([out[i]!, out[i + 1]!, out[i + 2]!])
  return { width, height, pixels }
}

const parseRgb = (css: string): Rgb => {
  const [r = 0, g = 0, b = 0] = (css.match(/[\d.]+/g) ?? []).map(Number)
  return [r, g, b]
}

/** The lowest contrast between an element's text colour and the pixels behind its text. */
export async function measureTextContrast(text: Locator) {
  const { color, large } = await text.evaluate((element) => {
    const style = getComputedStyle(element)
    const size = Number.parseFloat(style.fontSize)
    const bold = Number(style.fontWeight) >= 700
    return { color: style.color, large: size >= 24 || (bold && size >= 18.66) }
  })
  // Hide the text (and its underline) for the screenshot, so only the backdrop is left.
  await text.evaluate((element) => {
    ;(element as HTMLElement).dataset.contrastProbe = 'true'
    const hide = document.createElement('style')
    hide.id = 'contrast-probe'
    // An icon beside the text (the logo mark in the brand link) is not its backdrop either: hide it too.
    hide.textContent = '[data-contrast-probe], [data-contrast-probe] * { color: transparent !important; text-decoration-color: transparent !important; text-shadow: none !important; } [data-contrast-probe] svg { visibility: hidden !important; }'
    document.head.append(hide)
  })
  try {
    // The box inside the element's border: a border is not what the text is read against.
    await text.scrollIntoViewIfNeeded()
    const clip = await text.evaluate((element) => {
      const rect = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      const [top, right, bottom, left] = ['Top', 'Right', 'Bottom', 'Left'].map((side) =>
        Number.parseFloat(style.getPropertyValue(`border-${side.toLowerCase()}-width`)),
      ) as [number, number, number, number]
      // A rounded border curves into that box at the ends: leave the ends out too.
      const round = left > 0 ? Math.min(Number.parseFloat(style.borderTopLeftRadius) || 0, rect.height / 2) : 0
      return {
        x: rect.left + left + round,
        y: rect.top + top,
        width: rect.width - left - right - 2 * round,
        height: rect.height - top - bottom,
      }
    })
    const page = text.page()
    const { pixels } = decodePng(await page.screenshot({ clip, animations: 'disabled', caret: 'hide' }))
    const worst = Math.min(...pixels.map((pixel) => contrastRatio(parseRgb(color), pixel)))
    return { ratio: worst, required: large ? 3 : 4.5, color }
  } finally {
    await text.evaluate((element) => {
      delete (element as HTMLElement).dataset.contrastProbe
      document.getElementById('contrast-probe')?.remove()
    })
  }
}
