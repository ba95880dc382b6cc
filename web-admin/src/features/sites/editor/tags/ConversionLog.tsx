import type { ConversionPlatform } from '@swipe/shared/site/conversions-normalise'
import { useInfiniteQuery } from '@tanstack/react-query'
import { Drawer, Flex, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { DataGrid, type GridColumn } from '../../../../components/DataGrid.tsx'
import { formatSiteDateTime } from '../../../../components/dates.ts'
import { type ConversionDelivery, conversionDeliveriesQuery } from './conversions-api.ts'

const STATE_COLORS: Record<ConversionDelivery['state'], string> = {
  PENDING: 'gold',
  DELIVERED: 'green',
  FAILED: 'red',
}

/** A destination's deliveries, newest first, 50 at a time with "load more" below. */
const DeliveryTable = ({ siteId, platform }: { siteId: string; platform: ConversionPlatform }) => {
  const { t } = useTranslation()
  const log = useInfiniteQuery(conversionDeliveriesQuery(siteId, platform))
  const items = log.data?.pages.flatMap((page) => page.items) ?? []
  const columns: GridColumn<ConversionDelivery>[] = [
    {
      key: 'createdAt',
      title: t('siteEditor.adTags.conversions.log.createdAt'),
      render: (_, d) => formatSiteDateTime(d.createdAt),
    },
    {
      key: 'event',
      title: t('siteEditor.adTags.conversions.log.event'),
      render: (_, d) => t(`siteEditor.adTags.events.${d.event}`),
    },
    {
      key: 'eventId',
      title: t('siteEditor.adTags.conversions.log.eventId'),
      collapse: true,
      render: (_, d) => <Typography.Text code>{d.eventId}</Typography.Text>,
    },
    {
      key: 'state',
      title: t('siteEditor.adTags.conversions.log.state'),
      render: (_, d) => (
        <Flex wrap gap={4}>
          <Tag color={STATE_COLORS[d.state]}>{t(`siteEditor.adTags.conversions.log.states.${d.state}`)}</Tag>
          {d.testMode && <Tag color="purple">{t('siteEditor.adTags.conversions.log.test')}</Tag>}
        </Flex>
      ),
    },
    {
      key: 'attempts',
      title: t('siteEditor.adTags.conversions.log.attempts'),
      collapse: true,
      dataIndex: 'attempts',
    },
    {
      key: 'lastStatus',
      title: t('siteEditor.adTags.conversions.log.lastStatus'),
      render: (_, d) => (d.lastStatus === null ? '—' : `HTTP ${d.lastStatus}`),
    },
    {
      key: 'lastError',
      title: t('siteEditor.adTags.conversions.log.lastError'),
      render: (_, d) => (d.lastError ? <Typography.Text type="danger">{d.lastError}</Typography.Text> : '—'),
    },
  ]
  return (
    <DataGrid<ConversionDelivery>
      query={log}
      items={items}
      columns={columns}
      rowKey="eventId"
      size="small"
      empty={t('siteEditor.adTags.conversions.log.empty')}
      pager={{
        kind: 'more',
        hasMore: log.hasNextPage,
        onMore: () => void log.fetchNextPage(),
        label: t('siteEditor.adTags.conversions.log.more'),
      }}
    />
  )
}

/**
 * The delivery log of one server-side destination (`platform`, null: closed) in a drawer as wide
 * as a laptop allows and the whole width of a phone: time, event, the event id shared with the
 * browser tag, state (with a badge for test-mode events), attempts, the platform's last answer.
 */
export const ConversionLog = ({
  siteId,
  platform,
  name,
  onClose,
}: {
  siteId: string
  platform: ConversionPlatform | null
  name: string
  onClose: () => void
}) => {
  const { t } = useTranslation()
  return (
    <Drawer
      open={platform !== null}
      onClose={onClose}
      title={t('siteEditor.adTags.conversions.log.title', { name })}
      size="min(1000px, 100vw)"
      destroyOnHidden
    >
      {platform && <DeliveryTable siteId={siteId} platform={platform} />}
    </Drawer>
  )
}
