import { existsSync } from 'node:fs'
import {
  ffmpegTranscoder,
  LOCAL_FFMPEG,
  unavailableTranscoder,
  type VideoTranscoder,
} from '#platform/services/media/video'
import type { PlatformEnv } from '../env.ts'

/** Locally: ffmpeg at `FFMPEG_PATH` when set, else the Debian binary when installed, else none. */
export const localVideo = (env: PlatformEnv): VideoTranscoder => {
  const configured = env.FFMPEG_PATH?.trim()
  if (configured) return ffmpegTranscoder(configured)
  return existsSync(LOCAL_FFMPEG) ? ffmpegTranscoder(LOCAL_FFMPEG) : unavailableTranscoder
}
