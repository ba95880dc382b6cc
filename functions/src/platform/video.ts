/**
 * The video transcoder (#platform/services/media/video): ffmpeg from the Lambda layer on AWS
 * (./aws/video.ts), the Debian binary locally (./local/video.ts), or none.
 */
export type { VideoTranscoder } from '#platform/services/media/video'
