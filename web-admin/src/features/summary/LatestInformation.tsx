import type { Contract, RouteOutput } from '@swipe/shared/contract'
import { useQuery } from '@tanstack/react-query'
import { Card, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { LoadingPanel } from '../../components/LoadingPanel.tsx'
import { loadFeatureTexts } from '../../i18n/index.ts'
import { call } from '../../lib/api.ts'
import { formatDateTime } from '../../lib/format.ts'

type NewsItem = RouteOutput<Contract['content.newsShow']>['items'][number]

/**
 * The latest information the signed-in account reads (issue 20; docs/decisions/0044-notifications.md): the
 * platform's and its partner's, public now, newest first. Its texts come with it (the `content` catalogue).
 */
export const LatestInformation = () => {
  const { t, i18n } = useTranslation()
  const texts = useQuery({
    queryKey: ['texts', 'content'],
    queryFn: () => loadFeatureTexts('content').then(() => true),
    staleTime: Number.POSITIVE_INFINITY,
  })
  const news = useQuery({
    queryKey: ['news', 'show'],
    queryFn: ({ signal }) => call('content.newsShow', {}, { signal }),
  })
  if (!texts.data) return null
  const items = news.data?.items ?? []
  return (
    <section aria-label={t('content.notice.summaryTitle')} style={{ marginBottom: 24 }}>
      <Card size="small" title={t('content.notice.summaryTitle')}>
        <LoadingPanel query={news} isEmpty={items.length === 0} empty={t('content.notice.summaryEmpty')}>
          {/* Plain list markup: antd's List brings its pagination along (≈ 10 KB gz on the summary). */}
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {items.map((item: NewsItem, index) => (
              <li
                key={item.id}
                style={{ padding: '12px 0', borderTop: index ? '1px solid rgba(5, 5, 5, 0.06)' : undefined }}
              >
                <Flex gap={12} align="flex-start" style={{ width: '100%' }}>
                  {item.imageUrl && (
                    <img src={item.imageUrl} alt="" style={{ width: 64, height: 48, objectFit: 'cover' }} />
                  )}
                  <div style={{ flex: 1 }}>
                    <Typography.Text strong>{item.title}</Typography.Text>{' '}
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDateTime(item.publicationDate, i18n.language)}
                    </Typography.Text>
                    <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
                      {item.content}
                    </Typography.Paragraph>
                    {item.contentUrl && (
                      <a href={item.contentUrl} target="_blank" rel="noopener noreferrer">
                        {t('content.notice.readMore')}
                      </a>
                    )}
                  </div>
                </Flex>
              </li>
            ))}
          </ul>
        </LoadingPanel>
      </Card>
    </section>
  )
}
