// `npm run og-image`: draws public/og-image.png (1200×630), the picture link previews show, from an HTML
// and SVG composition in the site's own palette, logo mark and copy, screenshotted by Chromium. Run it
// after a change of brand, palette or hero copy, and commit the PNG. CHROME_PATH picks the browser.
import { chromium } from '@playwright/test'
import { chromiumLaunchOptions } from '../tools/chromium'
import { brand } from '../shared/brand'
import { coachConversation, hero } from '../src/content/home'
import { logoSvg } from '../shared/logo-drawing'
import { palettes } from '../src/ui/theme'

const c = palettes.light
const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

const mark = logoSvg()

const bubbles = coachConversation.messages
  .map((m) => `<div class="bubble ${m.from}">${escape(m.text)}</div>`)
  .join('')

const html = `<!doctype html><html><head><style>
  * { box-sizing: border-box; }
  body { margin: 0; width: 1200px; height: 630px; overflow: hidden; font-family: system-ui, 'DejaVu Sans', sans-serif;
    background: linear-gradient(150deg, ${c.heroFrom} 0%, ${c.heroTo} 100%); color: ${c.ink}; display: flex; }
  .copy { flex: 1; padding: 64px 0 64px 72px; display: flex; flex-direction: column; }
  .brand { display: flex; align-items: center; gap: 18px; font-size: 34px; font-weight: 800; }
  h1 { font-size: 60px; line-height: 1.08; letter-spacing: -0.02em; margin: 56px 0 28px; max-width: 640px; }
  .badge { align-self: flex-start; border: 2px solid ${c.accent}; color: ${c.accent}; background: #fff; border-radius: 999px;
    padding: 8px 20px; font-size: 24px; font-weight: 700; }
  .phone { width: 330px; margin: 48px 72px 0 0; height: 640px; border-radius: 48px 48px 0 0; background: ${c.phone}; padding: 12px 12px 0; }
  .screen { height: 100%; border-radius: 38px 38px 0 0; background: #fff; padding: 28px 16px; display: flex; flex-direction: column; gap: 12px; font-size: 17px; line-height: 1.4; }
  .bar { display: flex; align-items: center; gap: 10px; font-weight: 700; padding-bottom: 12px; border-bottom: 1px solid ${c.line}; }
  .bar svg { width: 36px; height: 36px; }
  .bubble { max-width: 88%; padding: 10px 14px; border-radius: 18px; }
  .coach { background: ${c.bubbleCoach}; align-self: flex-start; border-bottom-left-radius: 4px; }
  .visitor { background: ${c.bubbleVisitor}; color: ${c.onBubbleVisitor}; align-self: flex-end; border-bottom-right-radius: 4px; }
</style></head><body>
  <div class="copy">
    <div class="brand">${mark}${escape(brand.companyName)}</div>
    <h1>${escape(hero.title)}</h1>
    <div class="badge">${escape(hero.badge)}</div>
  </div>
  <div class="phone"><div class="screen"><div class="bar">${mark}${escape(coachConversation.appTitle)}</div>${bubbles}</div></div>
</body></html>`

const browser = await chromium.launch(await chromiumLaunchOptions())
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 })
  await page.setContent(html)
  await page.screenshot({ path: 'public/og-image.png' })
  console.log('wrote public/og-image.png')
} finally {
  await browser.close()
}
