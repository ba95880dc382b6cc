// Records the demo site's sample video (a 3 s canvas animation, WebM/VP8) with the system Chromium:
// no video tools needed. Run from test/ (it uses Playwright): node ../scripts/make-demo-video.mjs

import { writeFileSync } from 'node:fs'
import { chromium } from '@playwright/test'

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] })
const page = await browser.newPage()
const b64 = await page.evaluate(async () => {
  const c = document.createElement('canvas')
  c.width = 360
  c.height = 540
  const g = c.getContext('2d')
  const stream = c.captureStream(24)
  const rec = new MediaRecorder(stream, { mimeType: 'video/webm;codecs=vp8', videoBitsPerSecond: 250000 })
  const chunks = []
  rec.ondataavailable = (e) => chunks.push(e.data)
  const done = new Promise((r) => (rec.onstop = r))
  rec.start()
  const t0 = performance.now()
  await new Promise((resolve) => {
    const draw = () => {
      const t = (performance.now() - t0) / 1000
      const grad = g.createLinearGradient(0, 0, 360, 540)
      grad.addColorStop(0, `hsl(${(t * 90) % 360}, 70%, 55%)`)
      grad.addColorStop(1, `hsl(${(t * 90 + 120) % 360}, 70%, 35%)`)
      g.fillStyle = grad
      g.fillRect(0, 0, 360, 540)
      g.fillStyle = 'rgba(255,255,255,0.9)'
      g.beginPath()
      g.arc(180 + Math.sin(t * 3) * 100, 270 + Math.cos(t * 2) * 150, 40, 0, Math.PI * 2)
      g.fill()
      if (t < 3) requestAnimationFrame(draw)
      else resolve()
    }
    draw()
  })
  rec.stop()
  await done
  const blob = new Blob(chunks, { type: 'video/webm' })
  const buf = new Uint8Array(await blob.arrayBuffer())
  let s = ''
  for (const x of buf) s += String.fromCharCode(x)
  return btoa(s)
})
writeFileSync(
  'new URL("../infra/local/seed-assets/creative-video.webm", import.meta.url)',
  Buffer.from(b64, 'base64'),
)
await browser.close()
