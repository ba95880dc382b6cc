// A bounded HTTP load loop run in a worker thread, so the servers under test keep the main
// thread's event loop to themselves. Only 127.0.0.1 is ever a target (scripts/bench/load.ts).
import { Agent, request } from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

const { requests, concurrency, count, maxMs } = workerData
for (const r of requests) {
  const host = new URL(r.url).hostname
  if (host !== '127.0.0.1' && host !== 'localhost') throw new Error(`refusing to load ${host}`)
}
const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
const latencies = []
const statuses = {}
let next = 0
const started = performance.now()

const send = (r) =>
  new Promise((resolve) => {
    const t0 = performance.now()
    const req = request(r.url, { method: r.method ?? 'GET', headers: r.headers ?? {}, agent }, (res) => {
      res.on('data', () => {})
      res.on('end', () => {
        latencies.push(performance.now() - t0)
        statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1
        resolve()
      })
    })
    req.on('error', () => {
      statuses.error = (statuses.error ?? 0) + 1
      resolve()
    })
    req.end(r.body)
  })

const lane = async () => {
  while (next < count && performance.now() - started < maxMs) {
    const i = next++
    await send(requests[i % requests.length])
  }
}
await Promise.all(Array.from({ length: concurrency }, lane))
agent.destroy()
parentPort.postMessage({ latencies, statuses, ms: performance.now() - started })
