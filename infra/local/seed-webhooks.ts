/**
 * The demo site's webhooks (issue 21 Deliver 6): one endpoint of an imaginary CRM with a short
 * delivery log (a delivered contact, a form given up after the receiver kept answering 500), so the
 * Webhooks section of the API page (サイト一覧 → API) shows the list, the log and the resend button.
 * The endpoint is disabled: its address is not a real receiver, and a new event of the demo site
 * would otherwise be retried against it for 24 hours. Skipped when the site has endpoints already.
 */
export const seedWebhooks = async (
  creatorId: string,
  site: { siteId: string },
  log: (line: string) => void,
) => {
  const { SiteWebhookDeliveries, SiteWebhookEndpoints } = await import(
    '../../functions/src/data/site-webhooks.ts'
  )
  const { newWebhookSecret } = await import('../../functions/src/domain/site-webhooks.ts')
  const { siteId } = site
  if ((await SiteWebhookEndpoints.query.endpoint({ siteId }).go({ limit: 1 })).data.length) return
  const endpointId = '00000000-0000-4000-8000-00000000a21e'
  const now = Date.now()
  const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString()
  await SiteWebhookEndpoints.create({
    siteId,
    endpointId,
    url: 'https://crm.example.com/webhooks/swipe',
    events: ['contact.received', 'form.received'],
    secret: newWebhookSecret(),
    enabled: false,
    createdAt: at(3 * 24 * 60),
    createdBy: creatorId,
    updatedAt: at(60),
  }).go()
  const payload = (eventId: string, type: string, createdAt: string, email: string) =>
    JSON.stringify({
      id: eventId,
      type,
      created_at: createdAt,
      site_id: siteId,
      data: {
        id: `demo-${eventId}`,
        email,
        lang: 'JP',
        company: '株式会社デモ',
        answers: [{ name: 'email', title: 'メールアドレス', value: email }],
        mode: null,
        mail_status: 'SENT',
        created_at: createdAt,
      },
    })
  const contactAt = at(2 * 24 * 60)
  const formAt = at(26 * 60)
  await SiteWebhookDeliveries.put([
    {
      siteId,
      endpointId,
      deliveryId: '00000000-0000-4000-8000-0000000d0001',
      eventId: 'evt_demo0000000000000000000000000001',
      event: 'contact.received',
      payload: payload(
        'evt_demo0000000000000000000000000001',
        'contact.received',
        contactAt,
        'hanako@example.com',
      ),
      createdAt: contactAt,
      state: 'DELIVERED',
      dueAt: contactAt,
      windowStart: contactAt,
      attempts: 1,
      lastAttemptAt: contactAt,
      lastStatus: 200,
      updatedAt: contactAt,
    },
    {
      siteId,
      endpointId,
      deliveryId: '00000000-0000-4000-8000-0000000d0002',
      eventId: 'evt_demo0000000000000000000000000002',
      event: 'form.received',
      payload: payload('evt_demo0000000000000000000000000002', 'form.received', formAt, 'taro@example.com'),
      createdAt: formAt,
      state: 'FAILED',
      dueAt: at(150),
      windowStart: formAt,
      attempts: 12,
      lastAttemptAt: at(150),
      lastStatus: 500,
      updatedAt: at(150),
    },
  ]).go()
  log('seed: demo site webhooks (one endpoint, two deliveries)')
}
