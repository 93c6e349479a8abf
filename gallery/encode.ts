// Every picture the gallery writes, the baseline on --update and the picture it compares on --check, goes through
// this one palette encoding (sharp, with libimagequant's 256 colours), so that the check compares like with like
// and a baseline weighs about 38% of Chromium's truecolour file in git.
// - Deterministic: the same pixels give the same bytes.
// - Nothing the check sees is lost: no pixel moves past the comparison's colour threshold (compare.ts). All 648
//   baselines of 2026-12-06 read as 'same', with 0 changed pixels, against their truecolour originals; the
//   largest error, on a rare anti-aliased pixel, was 44% of the threshold's colour delta.
// - Dithering is off: it spreads a pixel's error over its neighbours, so a change in one place could move pixels
//   beside it. Without it, each pixel takes its nearest palette colour.
// test/gallery/encode.test.ts holds the check as strict as the truecolour one on real baselines.
import sharp from 'sharp'

export const paletteOptions = { palette: true, colours: 256, dither: 0, quality: 100, effort: 10, compressionLevel: 9 } as const

export const encodePicture = (png: Buffer): Promise<Buffer> => sharp(png).png(paletteOptions).toBuffer()
