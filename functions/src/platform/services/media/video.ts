import { spawn } from 'node:child_process'
import { join } from 'node:path'

/**
 * The video port (issue 22): turns an uploaded video (MP4, MOV, WebM…) into a file every phone
 * browser plays — H.264 (High, yuv420p) with AAC audio in an MP4 whose index is at the front
 * (`+faststart`), at most 720 px wide — and its first frame, the cell's poster. One adapter runs
 * an ffmpeg binary: locally the Debian package (`/usr/bin/ffmpeg`), on AWS the binary of an ffmpeg
 * Lambda layer (`/opt/bin/ffmpeg`) inside the sites jobs function (docs/decisions/0042-media-for-phones.md).
 * Where no binary is configured (a stack deployed without the layer), the port says so and the
 * video keeps being served as uploaded.
 */
export interface VideoTranscoder {
  /** What runs the work, for logs. */
  readonly name: string
  /**
   * Transcodes `input` (a local file) into `outDir`: `video.mp4` and `poster.png` (the first
   * frame, encoded to JPEG/WebP by the caller). Rejects with `VideoUnreadableError` when the input
   * is not a video ffmpeg can decode; stops (and rejects) when `signal` aborts.
   */
  transcode(input: string, outDir: string, signal: AbortSignal): Promise<{ video: string; poster: string }>
}

/** The widest a transcoded video is (phones show it in a 351-px frame, 2× is 702). */
export const VIDEO_MAX_WIDTH = 720

/** The input is not a video the transcoder can read (corrupt, truncated, no video stream). */
export class VideoUnreadableError extends Error {}
/** No transcoder is configured where this runs. */
export class VideoUnavailableError extends Error {}

/** ffmpeg's arguments for the MP4 (pure, so the flags are tested without running it). */
export const mp4Args = (input: string, output: string): string[] => [
  '-hide_banner',
  '-nostdin',
  '-loglevel',
  'error',
  '-y',
  '-i',
  input,
  // The first video stream and, if there is one, the first audio stream; no subtitles or data.
  '-map',
  '0:v:0',
  '-map',
  '0:a:0?',
  '-map_metadata',
  '-1',
  // Even dimensions (yuv420p needs them), never wider than the cap, never enlarged; square pixels,
  // so the size a player shows is the size stored (rounding to even would otherwise leave a
  // sample aspect ratio that widens 720 to 722).
  '-vf',
  `scale='trunc(min(${VIDEO_MAX_WIDTH},iw)/2)*2':-2,setsar=1`,
  '-c:v',
  'libx264',
  '-preset',
  'veryfast',
  '-crf',
  '26',
  '-profile:v',
  'high',
  '-pix_fmt',
  'yuv420p',
  '-c:a',
  'aac',
  '-b:a',
  '96k',
  '-ac',
  '2',
  '-movflags',
  '+faststart',
  output,
]

/** ffmpeg's arguments for the poster: the transcoded video's first frame as a PNG. */
export const posterArgs = (video: string, output: string): string[] => [
  '-hide_banner',
  '-nostdin',
  '-loglevel',
  'error',
  '-y',
  '-i',
  video,
  '-frames:v',
  '1',
  output,
]

const run = (binary: string, args: string[], signal: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason)
    const child = spawn(binary, args, { stdio: ['ignore', 'ignore', 'pipe'] })
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => {
      // The tail says why; the head of a long log is noise.
      stderr = (stderr + chunk.toString('utf8')).slice(-2000)
    })
    const abort = () => child.kill('SIGKILL')
    signal.addEventListener('abort', abort, { once: true })
    child.on('error', (error) => {
      signal.removeEventListener('abort', abort)
      reject(error)
    })
    child.on('close', (code) => {
      signal.removeEventListener('abort', abort)
      if (signal.aborted) return reject(signal.reason)
      if (code === 0) return resolve()
      reject(new VideoUnreadableError(stderr.trim() || `ffmpeg exited with ${code}`))
    })
  })

/** The ffmpeg adapter: the same code locally (Debian ffmpeg) and on AWS (the layer's binary). */
export const ffmpegTranscoder = (binary: string): VideoTranscoder => ({
  name: `ffmpeg (${binary})`,
  async transcode(input, outDir, signal) {
    const video = join(outDir, 'video.mp4')
    const poster = join(outDir, 'poster.png')
    await run(binary, mp4Args(input, video), signal)
    await run(binary, posterArgs(video, poster), signal)
    return { video, poster }
  },
})

/** The adapter for a stack without a transcoder: every video stays as uploaded, with that reason. */
export const unavailableTranscoder: VideoTranscoder = {
  name: 'none',
  transcode: () => Promise.reject(new VideoUnavailableError('No video transcoder is configured')),
}

/** Where Debian's package puts ffmpeg (README prerequisites, `.ci/run`). */
export const LOCAL_FFMPEG = '/usr/bin/ffmpeg'
