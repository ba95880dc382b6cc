import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { FFMPEG_IN_LAYER, sharpAssetCommands } from '../lib/app-function.ts'
import { devStage, type Json, memo, synth } from './support.ts'

/** Issue 22: the sites jobs Lambda makes media renditions (sharp for arm64; ffmpeg from a layer). */

const LAYER = 'arn:aws:lambda:ap-northeast-1:123456789012:layer:ffmpeg-arm64:3'
const withLayer = memo(() => synth({ ffmpegLayerArn: LAYER }))
const withoutLayer = devStage

const functionsOf = (resources: ReturnType<typeof synth>['resources']) =>
  Object.entries(resources)
    .filter(([, r]) => r.Type === 'AWS::Lambda::Function' && r.Properties?.Environment !== undefined)
    .map(([id, r]) => ({
      id,
      description: String(r.Properties?.Description ?? ''),
      variables: (r.Properties!.Environment as { Variables: Json }).Variables,
      layers: (r.Properties?.Layers as unknown[] | undefined) ?? [],
    }))

describe('media renditions on AWS (issue 22)', () => {
  it('gives the ffmpeg layer and FFMPEG_PATH to the sites jobs Lambda, and to no other function', () => {
    const fns = functionsOf(withLayer().resources)
    const withFfmpeg = fns.filter((fn) => fn.variables.FFMPEG_PATH !== undefined)
    expect(withFfmpeg.map((fn) => fn.description)).toEqual(['Swipe LP dev: sites jobs'])
    expect(withFfmpeg[0]!.variables.FFMPEG_PATH).toBe(FFMPEG_IN_LAYER)
    expect(withFfmpeg[0]!.layers).toEqual([LAYER])
    for (const fn of fns.filter((f) => f !== withFfmpeg[0])) expect(fn.layers, fn.description).toEqual([])
  })

  it('deploys without a layer: no function has FFMPEG_PATH (videos are then published as uploaded)', () => {
    for (const fn of functionsOf(withoutLayer().resources)) {
      expect(fn.variables.FFMPEG_PATH, fn.description).toBeUndefined()
      expect(fn.layers, fn.description).toEqual([])
    }
  })

  it('refuses a malformed layer ARN at synth', () => {
    expect(() => synth({ ffmpegLayerArn: 'ffmpeg' })).toThrow(/ffmpegLayerArn/)
  })

  it('installs sharp for Lambda (linux arm64, glibc) beside the bundle, whatever machine synthesizes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'swipe-sharp-asset-'))
    try {
      // As under `npm run`/`npx`, whose npm_config_local_prefix names the repository: the install
      // must not land there (it would swap the repository's own platform packages for arm64 ones).
      const decoy = join(dir, 'repository')
      execFileSync('/bin/sh', ['-c', `mkdir -p "${decoy}" && printf '{}' > "${decoy}/package.json"`])
      // Each command in a shell of its own, from the repository, as CDK's local bundling runs hooks.
      for (const command of sharpAssetCommands(join(dir, 'asset')))
        execFileSync('bash', ['-c', command], {
          stdio: 'ignore',
          env: { ...process.env, npm_config_local_prefix: decoy, npm_config_prefix: decoy },
          cwd: decoy,
        })
      expect(readdirSync(decoy)).toEqual(['package.json'])
      const img = readdirSync(join(dir, 'asset', 'node_modules', '@img')).sort()
      expect(img).toEqual(['colour', 'sharp-libvips-linux-arm64', 'sharp-linux-arm64'])
      const native = readdirSync(join(dir, 'asset', 'node_modules', '@img', 'sharp-linux-arm64', 'lib'))
      expect(native.filter((f) => f.endsWith('.node'))).toEqual([
        expect.stringMatching(/^sharp-linux-arm64.*\.node$/),
      ])
      expect(existsSync(join(dir, 'asset', 'node_modules', 'sharp', 'package.json'))).toBe(true)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
