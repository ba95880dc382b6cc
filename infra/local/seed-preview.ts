/**
 * The demo site's preview share (issue 16): a share password, one invited reviewer with a view
 * log, and two review comments (one open on B2, one resolved on A1), so the preview page, the
 * share dialog and the editor's comment checklist have something to show. Skipped when the site
 * already has a share.
 */
export const DEMO_PREVIEW = { password: 'Preview#2026', reviewer: 'reviewer@example.com' } as const

export const seedPreview = async (site: { siteId: string }, log: (line: string) => void) => {
  const { PreviewComments, PreviewInvites, PreviewShares } = await import(
    '../../functions/src/data/previews.ts'
  )
  const { hashSharePassword } = await import('../../functions/src/edge/preview-tokens.ts')
  const { siteId } = site
  if ((await PreviewShares.get({ siteId }).go()).data) return
  const day = 24 * 60 * 60 * 1000
  const at = (daysAgo: number) => new Date(Date.now() - daysAgo * day).toISOString()
  await PreviewShares.create({
    siteId,
    isPrivate: true,
    passwordHash: await hashSharePassword(DEMO_PREVIEW.password),
    passwordVersion: 1,
    updatedAt: at(3),
  }).go()
  await PreviewInvites.create({
    siteId,
    email: DEMO_PREVIEW.reviewer,
    invitedAt: at(3),
    firstViewAt: at(2),
    lastViewAt: at(1),
    cellsViewed: ['JP:A1', 'JP:B1', 'JP:B2'],
  }).go()
  await PreviewComments.create({
    siteId,
    commentId: `${at(2)}-demo0001`,
    cell: 'A1',
    lang: 'JP',
    text: '1枚目のキャッチコピーがとても良いです。',
    author: DEMO_PREVIEW.reviewer,
    status: 'resolved',
    createdAt: at(2),
    resolvedAt: at(1),
  }).go()
  await PreviewComments.create({
    siteId,
    commentId: `${at(1)}-demo0002`,
    cell: 'B2',
    lang: 'JP',
    text: '価格の文字をもう少し大きくできますか？',
    author: DEMO_PREVIEW.reviewer,
    status: 'open',
    createdAt: at(1),
  }).go()
  log(
    `seed: preview share of the demo site (reviewer ${DEMO_PREVIEW.reviewer}, password ${DEMO_PREVIEW.password})`,
  )
}
