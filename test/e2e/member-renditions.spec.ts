import { randomUUID } from 'node:crypto'
import { devices } from '@playwright/test'
import { expect, test } from './fixtures.ts'
import { signUp } from './support.ts'

/**
 * Issue 22, members-only media (docs/decisions/0043-members-only-media.md): on
 * a phone, a member who opens the demo's members-only creative C3 gets the `<picture>` a published
 * creative has — AVIF and WebP sources and a JPEG srcset of the web renditions the seed's
 * re-encoding made — and Chromium loads an AVIF rendition from the member API's presigned URL,
 * never the creator's upload.
 */
const { defaultBrowserType: _, ...phone } = devices['Pixel 7']
test.use({ ...phone, locale: 'ja-JP' })

const demoUrl = () => {
  const url = process.env.E2E_DEMO_SITE_URL
  if (!url) throw new Error('The e2e stack did not publish the demo site')
  return url
}

test('a member’s members-only creative loads its AVIF rendition in the public cell’s <picture>', async ({
  page,
  context,
  urls,
}) => {
  const email = `renditions-${randomUUID().slice(0, 8)}@example.com`
  const password = 'Visitor#Pass1'
  await signUp(page, demoUrl(), urls.mail, email, password)
  await page.goto(`${demoUrl()}login`)
  await page.locator('input[name="email"]').fill(email)
  await page.locator('input[name="password"]').fill(password)
  await page.getByRole('button', { name: 'ログイン' }).click()
  await expect(page).toHaveURL(demoUrl())

  const images: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'image') images.push(request.url())
  })
  const origin = new URL(demoUrl())
  await context.addCookies([{ name: 'position_tab', value: 'C3', domain: origin.hostname, path: '/' }])
  await page.goto(demoUrl())
  const image = page.locator('#C3 picture > img.m')
  await expect(image).toHaveCount(1)
  const shown = await image.evaluate(async (img) => {
    const element = img as unknown as {
      decode(): Promise<void>
      currentSrc: string
      naturalWidth: number
      sizes: string
      parentElement: { querySelectorAll(s: string): ArrayLike<{ type: string; srcset: string }> }
    }
    await element.decode()
    return {
      current: element.currentSrc,
      width: element.naturalWidth,
      sizes: element.sizes,
      sources: Array.from(element.parentElement.querySelectorAll('source')).map((s) => [s.type, s.srcset]),
    }
  })
  expect(shown.sources.map(([type]) => type)).toEqual(['image/avif', 'image/webp'])
  // The frame's two sizes (the popup CTA's 96-px files are never offered to a frame).
  for (const [type, srcset] of shown.sources)
    expect(srcset, type).toMatch(/^[^ ]+\/renditions\/[^ ]+\?X-Amz-[^ ]+ 351w, [^ ]+ 702w$/)
  expect(shown.sizes).toBe('min(100vw, 66vh)')
  // The phone's 412 CSS px at 2.625× wants the largest file: the 702-px AVIF, decoded.
  expect(shown.current).toMatch(/\/renditions\/[^?]+\/\d+x1070\.avif\?X-Amz-/)
  expect(shown.width).toBeGreaterThan(0)
  // Nothing of C3 came as uploaded (the demo's originals are `…/media/<uuid>.jpg`).
  expect(images.filter((url) => /\/media\/[0-9a-f-]{36}\.jpg/.test(url) && url.includes('X-Amz-'))).toEqual(
    [],
  )
})
