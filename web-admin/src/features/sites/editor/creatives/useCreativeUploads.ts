import { useCallback, useEffect, useRef, useState } from 'react'
import { errorMessage } from '../../../../lib/api.ts'
import { isAbort } from '../../../../lib/files.ts'
import type { ConfirmedUpload } from '../../api.ts'
import { uploadSiteFile } from '../upload.ts'
import type { Placement, Refusal } from './placement.ts'

/** Files of one drop that go up at the same time. */
export const UPLOAD_CONCURRENCY = 3

export type UploadStatus = 'waiting' | 'uploading' | 'done' | 'error' | 'refused' | 'cancelled'

/** One file of the latest drop or replacement, as its progress row shows it. */
export interface UploadItem {
  id: number
  fileName: string
  /** The cell it goes to; null for a file refused before sending. */
  position: string | null
  percent: number
  status: UploadStatus
  message?: string
}

/** Runs `work` over `items` with at most `limit` at a time, in order of start. */
const runPool = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T
      await work(item)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
}

/** Receives each confirmed file of a batch (bound to the language the batch was dropped in). */
export type OnUploaded = (position: string, upload: ConfirmedUpload) => void

/**
 * Uploads creative media cell by cell (uploadSiteFile: presigned URL, PUT with progress, server
 * confirmation) and reports each confirmed file to the batch's `onUploaded`. Leaving the tab
 * cancels what is still going up.
 */
export const useCreativeUploads = (siteId: string) => {
  const [items, setItems] = useState<UploadItem[]>([])
  const controllers = useRef(new Set<AbortController>())
  const nextId = useRef(1)
  useEffect(() => {
    const running = controllers.current
    return () => {
      for (const controller of running) controller.abort()
    }
  }, [])

  const patch = useCallback((id: number, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.id === id ? { ...item, ...change } : item)))
  }, [])

  const start = useCallback(
    (placements: readonly Placement[], refused: readonly Refusal[], onUploaded: OnUploaded) => {
      const queued = placements.map((placement) => ({ ...placement, id: nextId.current++ }))
      setItems([
        ...queued.map(
          ({ id, file, position, note }): UploadItem => ({
            id,
            fileName: file.name,
            position,
            percent: 0,
            status: 'waiting',
            ...(note ? { message: note } : {}),
          }),
        ),
        ...refused.map(
          ({ file, message }): UploadItem => ({
            id: nextId.current++,
            fileName: file.name,
            position: null,
            percent: 0,
            status: 'refused',
            message,
          }),
        ),
      ])
      if (queued.length === 0) return
      const controller = new AbortController()
      controllers.current.add(controller)
      void runPool(queued, UPLOAD_CONCURRENCY, async ({ id, file, position }) => {
        if (controller.signal.aborted) {
          patch(id, { status: 'cancelled' })
          return
        }
        patch(id, { status: 'uploading' })
        try {
          const confirmed = await uploadSiteFile(siteId, file, {
            signal: controller.signal,
            onProgress: (percent) => patch(id, { percent }),
          })
          if (controller.signal.aborted) return
          onUploaded(position, confirmed)
          patch(id, { status: 'done', percent: 100 })
        } catch (error) {
          if (isAbort(error) || controller.signal.aborted) patch(id, { status: 'cancelled' })
          else patch(id, { status: 'error', message: errorMessage(error) })
        }
      }).finally(() => controllers.current.delete(controller))
    },
    [siteId, patch],
  )

  const cancel = useCallback(() => {
    for (const controller of controllers.current) controller.abort()
  }, [])

  const busy = items.some((item) => item.status === 'waiting' || item.status === 'uploading')
  return { items, start, cancel, busy, clear: () => setItems([]) }
}
