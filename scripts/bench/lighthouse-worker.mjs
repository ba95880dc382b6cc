/**
 * Lighthouse in a thread of its own (scripts/bench/site.ts): the local stack the benchmark starts
 * (the site edge among it) runs in the main thread, and Lighthouse handles the browser's protocol
 * and trace events while the page loads. In one event loop, the edge's answers waited for that
 * work, and Lighthouse's simulation takes the origin's median answer time as the server's latency:
 * it measured the tool, not the page. Answers `{ id, lhr }` or `{ id, error }`.
 */
import { parentPort } from 'node:worker_threads'
import lighthouse from 'lighthouse'

parentPort?.on('message', async ({ id, url, port }) => {
  try {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    })
    parentPort?.postMessage({ id, lhr: result?.lhr })
  } catch (error) {
    parentPort?.postMessage({ id, error: String(error instanceof Error ? (error.stack ?? error) : error) })
  }
})
