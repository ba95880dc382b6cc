import { ffmpegTranscoder, unavailableTranscoder, type VideoTranscoder } from '#platform/services/media/video'
import type { PlatformEnv } from '../env.ts'

/**
 * On AWS: ffmpeg at `FFMPEG_PATH` (the CDK stack sets `/opt/bin/ffmpeg` on the jobs function that
 * has the layer); a function without it has no transcoder (every video stays as uploaded).
 */
export const awsVideo = (env: PlatformEnv): VideoTranscoder => {
  const configured = env.FFMPEG_PATH?.trim()
  return configured ? ffmpegTranscoder(configured) : unavailableTranscoder
}
