/**
 * The bulk upload's numbers the API routes need (start, complete, status), apart from the job's code
 * (./bulk.ts, ./zip.ts), which reaches the ZIP reader: the sites API Lambda does not carry it
 * (docs/decisions/0073-cold-starts-near-the-floor.md).
 */

/** Jobs are kept a week for the console to read, then expire by TTL. */
export const JOB_TTL_SECONDS = 7 * 24 * 60 * 60
/**
 * A job still "processing" with no progress for longer than the jobs Lambda may run (15 minutes)
 * died without recording its end (a crash or a timeout): it reads as failed.
 */
export const JOB_STALE_MS = 16 * 60 * 1000
/** Bytes per multipart part (S3: at least 5 MiB except the last, at most 10,000 parts). */
export const BULK_PART_SIZE = 16 * 1024 * 1024
