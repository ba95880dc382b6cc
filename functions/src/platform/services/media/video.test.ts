import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { awsVideo } from '../../aws/video.ts'
import { parsePlatformEnv } from '../../env.ts'
import { localVideo } from '../../local/video.ts'
import {
  ffmpegTranscoder,
  LOCAL_FFMPEG,
  mp4Args,
  unavailableTranscoder,
  VideoUnavailableError,
  VideoUnreadableError,
} from './video.ts'

const dir = mkdtempSync(join(tmpdir(), 'swipe-video-port-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** A stand-in ffmpeg: a shell script that behaves as told. */
const fakeFfmpeg = (name: string, script: string) => {
  const path = join(dir, name)
  writeFileSync(path, `#!/bin/sh\n${script}\n`)
  chmodSync(path, 0o755)
  return path
}

describe('the video port', () => {
  it('picks the adapter by platform: FFMPEG_PATH (the layer on AWS), none in a Lambda without a layer, the Debian binary locally', () => {
    const env = (vars: Record<string, string>) => parsePlatformEnv(vars)
    expect(awsVideo(env({ FFMPEG_PATH: '/opt/bin/ffmpeg' })).name).toBe('ffmpeg (/opt/bin/ffmpeg)')
    expect(awsVideo(env({}))).toBe(unavailableTranscoder)
    expect(localVideo(env({ FFMPEG_PATH: '/opt/bin/ffmpeg' })).name).toBe('ffmpeg (/opt/bin/ffmpeg)')
    expect(localVideo(env({})).name).toBe(`ffmpeg (${LOCAL_FFMPEG})`)
  })

  it('asks ffmpeg for H.264 High/yuv420p with AAC, at most 720 px wide and even, index first, no metadata', () => {
    const args = mp4Args('in.mov', 'out.mp4')
    const after = (flag: string) => args[args.indexOf(flag) + 1]
    expect(args[args.indexOf('-i') + 1]).toBe('in.mov')
    expect(args.at(-1)).toBe('out.mp4')
    expect(after('-c:v')).toBe('libx264')
    expect(after('-profile:v')).toBe('high')
    expect(after('-pix_fmt')).toBe('yuv420p')
    expect(after('-c:a')).toBe('aac')
    expect(after('-movflags')).toBe('+faststart')
    expect(after('-vf')).toBe("scale='trunc(min(720,iw)/2)*2':-2,setsar=1")
    expect(after('-map_metadata')).toBe('-1')
    expect(args.filter((a) => a === '-map')).toHaveLength(2)
    expect(args).toContain('0:a:0?')
  })

  it('reports a file ffmpeg cannot read as unreadable, with ffmpeg’s reason', async () => {
    const binary = fakeFfmpeg('broken', 'echo "moov atom not found" >&2; exit 1')
    const error = await ffmpegTranscoder(binary)
      .transcode(join(dir, 'in'), dir, new AbortController().signal)
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(VideoUnreadableError)
    expect((error as Error).message).toBe('moov atom not found')
  })

  it('runs the MP4 pass and then the poster pass, and names both outputs', async () => {
    const log = join(dir, 'calls.log')
    const binary = fakeFfmpeg('ok', `echo "$@" >> "${log}"`)
    const out = await ffmpegTranscoder(binary).transcode(join(dir, 'in'), dir, new AbortController().signal)
    expect(out).toEqual({ video: join(dir, 'video.mp4'), poster: join(dir, 'poster.png') })
    const calls = readFileSync(log, 'utf8').trim().split('\n')
    expect(calls).toHaveLength(2)
    expect(calls[0]).toContain('-movflags +faststart')
    expect(calls[1]).toContain(`-i ${join(dir, 'video.mp4')} -frames:v 1 ${join(dir, 'poster.png')}`)
  })

  it('kills ffmpeg when the job’s time is up', async () => {
    const binary = fakeFfmpeg('slow', 'exec sleep 30')
    const controller = new AbortController()
    const started = ffmpegTranscoder(binary).transcode(join(dir, 'in'), dir, controller.signal)
    const reason = new Error('media.timeout')
    controller.abort(reason)
    await expect(started).rejects.toBe(reason)
  })

  it('says so when no transcoder is configured', async () => {
    await expect(
      unavailableTranscoder.transcode('in', dir, new AbortController().signal),
    ).rejects.toBeInstanceOf(VideoUnavailableError)
  })
})
