import type { SiteLanguage } from '@swipe/shared'
import { useCallback, useEffect, useRef, useState } from 'react'
import { tShared } from '../../../../../i18n/index.ts'
import { ApiError, errorMessage, isStaleVersion } from '../../../../../lib/api.ts'
import { isAbort, putFilePart } from '../../../../../lib/files.ts'
import {
  type BulkReportEntry,
  type BulkUploadResult,
  type BulkUploadStart,
  type SiteDetail,
  sitesApi,
} from '../../../api.ts'

/** Bulk ZIP upload: one ZIP up to 1 GB (SPEC §5, §9). */
export const BULK_ZIP_MAX_BYTES = 1024 * 1024 * 1024
/** How often the placement job is asked how far it is. */
export const BULK_POLL_MS = 1_000
/** Failed status reads in a row that are retried before the dialog gives up. */
export const BULK_POLL_RETRIES = 3
/** Parts that go up at the same time. */
export const BULK_PART_CONCURRENCY = 3

export type BulkState =
  | { phase: 'idle' }
  | { phase: 'uploading'; percent: number }
  | { phase: 'processing'; processed: number; total: number }
  | { phase: 'done'; report: BulkReportEntry[]; message: string }
  | { phase: 'refused'; report: BulkReportEntry[]; message: string | null }
  | { phase: 'conflict' }
  | { phase: 'failed'; message: string; report: BulkReportEntry[] }
  | { phase: 'cancelled' }

/** The client's check of a chosen ZIP: the extension and 1 GB (the server checks again). */
export const zipProblem = (file: Pick<File, 'name' | 'size'>): string | null => {
  if (!/\.zip$/i.test(file.name)) return tShared('zip.notZip', { file: file.name })
  if (file.size > BULK_ZIP_MAX_BYTES)
    return tShared('zip.tooLarge', { file: file.name, maxMb: BULK_ZIP_MAX_BYTES / (1024 * 1024) })
  return null
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop)
      resolve()
    }, ms)
    const stop = () => {
      clearTimeout(timer)
      reject(new DOMException('Stopped.', 'AbortError'))
    }
    signal.addEventListener('abort', stop, { once: true })
  })

/** PUTs every part of the ZIP to its presigned URL and collects the ETags, reporting bytes sent. */
const uploadParts = async (
  file: File,
  start: BulkUploadStart,
  onBytes: (sent: number) => void,
  signal: AbortSignal,
): Promise<{ partNumber: number; etag: string }[]> => {
  const parts = [...start.parts].sort((a, b) => a.partNumber - b.partNumber)
  const sent = new Map<number, number>()
  const etags: { partNumber: number; etag: string }[] = []
  let next = 0
  const worker = async () => {
    while (next < parts.length) {
      const part = parts[next++]!
      const from = (part.partNumber - 1) * start.partSize
      const blob = file.slice(from, Math.min(from + start.partSize, file.size))
      const etag = await putFilePart({ uploadUrl: part.uploadUrl, key: start.key }, blob, {
        signal,
        onProgress: (percent) => {
          sent.set(part.partNumber, (blob.size * percent) / 100)
          onBytes([...sent.values()].reduce((sum, bytes) => sum + bytes, 0))
        },
      })
      etags.push({ partNumber: part.partNumber, etag })
    }
  }
  await Promise.all(Array.from({ length: Math.min(BULK_PART_CONCURRENCY, parts.length) }, worker))
  return etags.sort((a, b) => a.partNumber - b.partNumber)
}

/**
 * The ZIP bulk upload (SPEC §7 bulk-upload): start a multipart upload, PUT the parts, complete it
 * (202 with a job), then poll the job until the server placed the files, refused the ZIP or
 * failed. A placed ZIP is already saved on the site: `onPlaced` hands the new site to the editor.
 * Cancelling while the bytes go up aborts the multipart upload.
 */
export const useBulkUpload = ({
  siteId,
  lang,
  version,
  onPlaced,
}: {
  siteId: string
  lang: SiteLanguage
  version: number
  /** Gets the language the ZIP was placed in, should the editor have moved on meanwhile. */
  onPlaced: (site: SiteDetail, lang: SiteLanguage) => void
}) => {
  const [state, setState] = useState<BulkState>({ phase: 'idle' })
  const controller = useRef<AbortController | null>(null)
  const placed = useRef(onPlaced)
  useEffect(() => {
    placed.current = onPlaced
  }, [onPlaced])
  // Closing the dialog stops whatever is still running.
  useEffect(() => () => controller.current?.abort(), [])

  const finish = useCallback((result: BulkUploadResult, placedLang: SiteLanguage) => {
    const placedCount = result.report.filter((entry) => entry.status === 'placed').length
    if (result.status === 'done') {
      if (result.site) placed.current(result.site, placedLang)
      setState({
        phase: 'done',
        report: result.report,
        message: result.message || tShared('zip.placed', { count: placedCount }),
      })
    } else if (result.status === 'refused')
      setState({ phase: 'refused', report: result.report, message: result.message || null })
    else if (result.code === 'error.conflict') setState({ phase: 'conflict' })
    else
      setState({
        phase: 'failed',
        report: result.report,
        message: result.message || tShared('error.internal'),
      })
  }, [])

  const start = useCallback(
    async (file: File) => {
      controller.current?.abort()
      const current = new AbortController()
      controller.current = current
      const { signal } = current
      let multipart: BulkUploadStart | null = null
      let completing = false
      let completed = false
      setState({ phase: 'uploading', percent: 0 })
      try {
        multipart = await sitesApi.bulkStart(siteId, file.name, file.size, signal)
        const upload = multipart
        const parts = await uploadParts(
          file,
          upload,
          (sent) =>
            setState({ phase: 'uploading', percent: Math.min(100, Math.floor((sent / file.size) * 100)) }),
          signal,
        )
        if (signal.aborted) throw new DOMException('Cancelled.', 'AbortError')
        completing = true
        const { jobId } = await sitesApi.bulkComplete({
          siteId,
          uploadId: upload.uploadId,
          key: upload.key,
          parts,
          lang,
          version,
        })
        completed = true
        setState({ phase: 'processing', processed: 0, total: 0 })
        let misses = 0
        for (;;) {
          let status: BulkUploadResult
          try {
            status = await sitesApi.bulkStatus(jobId, signal)
            misses = 0
          } catch (error) {
            // The job goes on without us: a lost answer or a passing 5xx is asked again.
            const answered = error instanceof ApiError && error.status >= 400 && error.status < 500
            misses += 1
            if (signal.aborted || answered || misses > BULK_POLL_RETRIES) throw error
            await sleep(BULK_POLL_MS, signal)
            continue
          }
          if (status.status !== 'processing') {
            finish(status, lang)
            return
          }
          setState({ phase: 'processing', processed: status.processed, total: status.total })
          await sleep(BULK_POLL_MS, signal)
        }
      } catch (error) {
        // Before completion storage must drop the parts: after a cancellation, a failed part or a
        // completion the server refused (4xx). A completion that got no answer may have started
        // the job, so its parts are left to the server.
        const refused = error instanceof ApiError && error.status >= 400 && error.status < 500
        if (multipart && !completed && (!completing || refused))
          void sitesApi.bulkAbort(siteId, multipart.uploadId, multipart.key).catch(() => undefined)
        if (isAbort(error) || signal.aborted) {
          if (controller.current === current) setState({ phase: 'cancelled' })
          return
        }
        if (isStaleVersion(error)) setState({ phase: 'conflict' })
        else setState({ phase: 'failed', message: errorMessage(error), report: [] })
      }
    },
    [siteId, lang, version, finish],
  )

  /** Stops the upload; only while the bytes go up (the placement itself cannot be stopped). */
  const cancel = useCallback(() => controller.current?.abort(), [])

  return { state, start, cancel }
}
