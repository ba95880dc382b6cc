/**
 * Demo content (issue 20): a system notification for OEM masters and users (the bell of
 * oem@example.com and creator@example.com shows it unread), latest information from staff and
 * from the OEM (on every summary in their scope), and a notification delivery for the demo site,
 * scheduled a week ahead so the visitor journeys of the demo site stay as they are until then
 * (docs/decisions/0044-notifications.md). Written once, under fixed ids: what exists is left as it is.
 */
interface SeededAccount {
  accountId: string
  ancestorIds: string[]
}

const DAY = 86_400_000

export const seedContent = async (
  ids: Record<string, SeededAccount>,
  site: { siteId: string; tenantIds: readonly string[] },
  log: (line: string) => void,
) => {
  const { SystemNotifications, Notices } = await import('../../functions/src/data/content.ts')
  const { touchAudiences } = await import('../../functions/src/content/system-noti.ts')
  const master = ids.master!
  const oem = ids.oem!
  const creator = ids.creator!
  const at = new Date().toISOString()
  const stamps = { createdAt: at, updatedAt: at, version: 1 }

  if (!(await SystemNotifications.get({ notiId: 'demo-system-notification' }).go()).data) {
    const notification = {
      notiId: 'demo-system-notification',
      audiences: ['OEM_MASTER', 'OEM_USER'],
      mode: 'INSTANT' as const,
      draft: false,
      title: { ja: '分析画面をリニューアルしました', en: 'The analytics screen has been renewed' },
      content: {
        ja: '効果測定の画面で、日別の推移とヒートマップを確認できるようになりました。',
        en: 'Effect measurement now shows the daily trend and a heatmap.',
      },
      contentUrl: '',
      visibleFrom: at,
      published: true,
      createdBy: master.accountId,
      ...stamps,
    }
    await SystemNotifications.create(notification).go()
    await touchAudiences(notification.audiences, [notification])
    log('seed: system notification for OEM masters and users')
  }

  const notices = [
    {
      noticeId: 'demo-news-platform',
      kind: 'news' as const,
      ownerKey: 'platform',
      tenantIds: [],
      title: '年末年始のサポート休業のお知らせ',
      content:
        '12月29日から1月3日まではサポート窓口をお休みします。お問い合わせは1月4日から順にお答えします。',
      createdBy: master.accountId,
    },
    {
      noticeId: 'demo-news-oem',
      kind: 'news' as const,
      ownerKey: oem.accountId,
      tenantIds: [...oem.ancestorIds, oem.accountId],
      title: 'パートナー向け勉強会を開催します',
      content: '縦横スワイプLPの作り方を30分でご紹介します。参加をご希望の方は担当までご連絡ください。',
      contentUrl: 'https://example.com/seminar',
      createdBy: oem.accountId,
    },
  ]
  for (const notice of notices) {
    if ((await Notices.get({ noticeId: notice.noticeId }).go()).data) continue
    await Notices.create({
      ...notice,
      mode: 'INSTANT',
      draft: false,
      visibleFrom: at,
      published: true,
      ...stamps,
    }).go()
    log(`seed: latest information "${notice.title}"`)
  }

  if (!(await Notices.get({ noticeId: 'demo-delivery' }).go()).data) {
    const start = new Date(Date.now() + 7 * DAY).toISOString()
    await Notices.create({
      noticeId: 'demo-delivery',
      kind: 'delivery',
      ownerKey: site.siteId,
      tenantIds: [...site.tenantIds],
      lang: 'JP',
      title: '冬のキャンペーン開始',
      content: '期間中にご成約のお客様に、特典をご用意しています。詳しくはお問い合わせください。',
      mode: 'RESERVE',
      draft: false,
      visibleFrom: start,
      published: true,
      startDate: start,
      endDate: new Date(Date.now() + 37 * DAY).toISOString(),
      createdBy: creator.accountId,
      ...stamps,
    }).go()
    log('seed: notification delivery of the demo site (scheduled)')
  }
}
