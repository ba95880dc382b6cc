import { copyFileSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fixtureSite } from '../src/fixture.ts'
import { renderSitePages } from '../src/render.tsx'
import type { PublishInput } from '../src/types.ts'

/** The seed's creative images (infra/local/seed-assets). */
export const SEED_ASSETS = join(import.meta.dirname, '../../infra/local/seed-assets')

/**
 * Writes a release of `input` (default: the fixture site) into a new temporary folder, as the
 * publisher will write it to the bucket: the rendered files plus the media, copied from the seed
 * images by file name.
 */
export const writeRelease = (input: PublishInput = fixtureSite()): string => {
  const dir = mkdtempSync(join(tmpdir(), 'swipe-site-'))
  for (const file of renderSitePages(input)) {
    const target = join(dir, file.path)
    mkdirSync(dirname(target), { recursive: true })
    writeFileSync(target, file.body)
  }
  mkdirSync(join(dir, 'media'), { recursive: true })
  for (const url of new Set(Object.values(input.media))) {
    const name = url.split('/').pop()!
    copyFileSync(join(SEED_ASSETS, name), join(dir, 'media', name))
  }
  return dir
}
