import { Worker } from 'node:worker_threads'

/** One request of a load run: always to 127.0.0.1 (the worker refuses any other host). */
export interface LoadRequest {
  url: string
  method?: string
  headers?: Record<string, string>
  body?: string
}

export interface LoadResult {
  /** Requests answered (any status). */
  done: number
  ms: number
  perSecond: number
  p50: number
  p99: number
  statuses: Record<string, number>
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN

/**
 * Sends `count` requests (cycling through `requests`) over `concurrency` keep-alive connections
 * from a worker thread, stopping early after `maxMs`; latencies in milliseconds.
 */
export const runLoad = (options: {
  requests: LoadRequest[]
  concurrency: number
  count: number
  maxMs: number
}): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: options })
    worker.once('error', reject)
    worker.once(
      'message',
      (result: { latencies: number[]; statuses: Record<string, number>; ms: number }) => {
        const sorted = result.latencies.sort((a, b) => a - b)
        resolve({
          done: sorted.length,
          ms: result.ms,
          perSecond: (sorted.length / result.ms) * 1000,
          p50: percentile(sorted, 50),
          p99: percentile(sorted, 99),
          statuses: result.statuses,
        })
      },
    )
  })

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export const fmt = (n: number, digits = 1) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
