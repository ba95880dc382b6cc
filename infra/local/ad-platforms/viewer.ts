import { CONVERSION_PLATFORMS, type ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import { html } from '../html.ts'
import { BUCKETS, type Bucket, KEPT, type ReceivedEvent, type RecordedRequest } from './recording.ts'

/**
 * The stand-in's page (`GET /`): per platform the latest requests, newest first, each with what
 * was sent, what was wrong and what was answered, and the event ids received more than once (a
 * browser pixel and a server event that should have been deduplicated show up here). Everything
 * shown came from a request, so every value goes through `html()`; no body text is ever put in
 * the page raw.
 */

const TITLES: Record<Bucket, string> = {
  meta: 'Meta Conversions API',
  line: 'LINE Conversion API',
  tiktok: 'TikTok Events API',
  google: 'Google Ads API (uploadClickConversions)',
  'google-oauth': 'Google OAuth token endpoint (refresh-token grant)',
  other: 'Other paths',
}

const json = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2))

const verdict = (r: RecordedRequest) =>
  r.outcome.injected
    ? `injected (${r.outcome.injected})`
    : r.outcome.accepted
      ? r.outcome.problems.length
        ? 'accepted with refused rows'
        : 'accepted'
      : 'refused'

const article = (r: RecordedRequest) => {
  const credentials = Object.entries(r.credentials)
    .map(([where, { last4 }]) => `${where}: present, ends in …${last4}`)
    .join('\n')
  const headers = Object.entries(r.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n')
  const problems = r.outcome.problems.map((p) => `<li>${html(p)}</li>`).join('')
  const state = r.outcome.injected ? 'injected' : r.outcome.accepted ? 'accepted' : 'refused'
  return `<article class="${state}" data-seq="${r.seq}">
  <h3>#${r.seq} ${html(r.method)} ${html(r.path)} → ${r.answer.status} <small>${html(verdict(r))}, ${html(r.receivedAt)}</small></h3>
  ${problems ? `<ul class="problems">${problems}</ul>` : ''}
  <p>Credentials: ${credentials ? `<code>${html(credentials)}</code>` : 'none'}</p>
  <details><summary>Headers</summary><pre>${html(headers)}</pre></details>
  <details open><summary>Body</summary><pre>${html(json(r.body))}</pre></details>
  <details><summary>Answer</summary><pre>${html(json(r.answer.body))}</pre></details>
</article>`
}

/** Event ids received more than once, with how many times. */
const repeatedIds = (events: readonly ReceivedEvent[]) => {
  const counts = new Map<string, number>()
  for (const e of events) if (e.eventId !== null) counts.set(e.eventId, (counts.get(e.eventId) ?? 0) + 1)
  return [...counts].filter(([, n]) => n > 1)
}

const isPlatform = (bucket: Bucket): bucket is ConversionPlatform =>
  (CONVERSION_PLATFORMS as readonly string[]).includes(bucket)

export const viewerPage = (
  requests: (bucket: Bucket) => RecordedRequest[],
  received: (platform: ConversionPlatform) => ReceivedEvent[],
) => {
  const sections = BUCKETS.map((bucket) => {
    const list = requests(bucket)
    const events = isPlatform(bucket) ? received(bucket) : []
    const repeated = repeatedIds(events)
      .map(([eventId, n]) => `<code>${html(eventId)}</code> ×${n}`)
      .join(', ')
    return `<section id="${bucket}">
<h2>${TITLES[bucket]} <small>${list.length} request${list.length === 1 ? '' : 's'}${
      isPlatform(bucket) ? `, ${events.length} event${events.length === 1 ? '' : 's'} accepted` : ''
    }</small></h2>
${repeated ? `<p class="repeated">Event ids received more than once: ${repeated}</p>` : ''}
${list.map(article).join('\n') || '<p>Nothing yet.</p>'}
</section>`
  }).join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Ad platforms stand-in</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:24px;max-width:1100px;color:#1f1f1f}
pre{background:#f5f5f5;padding:8px;overflow:auto;white-space:pre-wrap;word-break:break-all}
article{border:1px solid #d9d9d9;border-left-width:6px;padding:8px 16px;margin:12px 0}
article.accepted{border-left-color:#237804}article.refused{border-left-color:#a8071a}
article.injected{border-left-color:#ad6800}.problems{color:#a8071a}.repeated{color:#ad6800;font-weight:600}
small{color:#595959;font-weight:400}
</style>
</head>
<body>
<main>
<h1>Ad platforms stand-in</h1>
<p>Local stand-in for the Meta, LINE, TikTok and Google Ads conversion APIs and Google's OAuth token endpoint (not the platforms).
The latest ${KEPT} requests per platform, newest first. JSON: <code>/requests.json</code>.</p>
${sections}
</main>
</body>
</html>`
}
