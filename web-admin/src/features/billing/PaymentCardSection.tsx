import { useQuery } from '@tanstack/react-query'
import { Alert, Button, Card, Modal, Space, Tag, Typography } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation, useSearchParams } from 'react-router'
import { ListError } from '../../components/ListError.tsx'
import { errorMessage } from '../../lib/api.ts'
import { useToast } from '../../lib/toast.ts'
import { type PaymentCard, paymentCardQuery, useCardSetup, useRemoveCard } from './api.ts'

const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  jcb: 'JCB',
  amex: 'American Express',
  diners: 'Diners Club',
  discover: 'Discover',
  unionpay: 'UnionPay',
}
const brandName = (brand: string) => BRANDS[brand] ?? brand.toUpperCase()

/** A card saved within the last ten minutes: the one the cardholder just entered. */
const FRESH_MS = 10 * 60_000
const isFresh = (card: PaymentCard['card']) =>
  Boolean(card?.savedAt && Date.now() - Date.parse(card.savedAt) < FRESH_MS)

/** How long the panel waits for the provider's webhook to store a card just saved. */
export const CONFIRM_WINDOW_MS = 60_000

const STATE_TAG = {
  saved: 'success',
  expiringSoon: 'warning',
  expired: 'error',
  failed: 'error',
} as const

/**
 * Payment settings on プラン確認 (issue 18): the paying account's card as a summary (brand, last 4
 * digits, expiry — never the number) and its state: none, saved, expiring soon, expired, or the
 * last payment failed. Saving or replacing a card goes to the provider's hosted page (Stripe
 * Checkout in setup mode): no card field and no third-party script in the console. The page comes
 * back here with `?card=saved` (or `cancelled`); the provider's webhook stores the card, so the
 * summary is read again until it shows the new card.
 */
export const PaymentCardSection = () => {
  const { t } = useTranslation()
  const toast = useToast()
  const location = useLocation()
  const [search, setSearch] = useSearchParams()
  const returned = search.get('card')
  const [removing, setRemoving] = useState(false)
  // Back from the hosted page the webhook may land a moment after the browser does: the summary is
  // read again for a while, then the panel says it could not confirm (never "confirming" for ever).
  const [waitedOut, setWaitedOut] = useState(false)
  const waiting = returned === 'saved' && !waitedOut
  useEffect(() => {
    if (returned !== 'saved') return
    setWaitedOut(false)
    const timer = setTimeout(() => setWaitedOut(true), CONFIRM_WINDOW_MS)
    return () => clearTimeout(timer)
  }, [returned])
  const data = useQuery({
    ...paymentCardQuery(),
    refetchInterval: (query) => (waiting && !isFresh(query.state.data?.card ?? null) ? 2000 : false),
  })
  const setup = useCardSetup()
  const remove = useRemoveCard()
  const title = t('billing.card.title')
  const clearReturn = () =>
    setSearch(
      (params) => {
        params.delete('card')
        return params
      },
      { replace: true },
    )

  if (data.isError)
    return (
      <section aria-label={title}>
        <Card size="small" title={title} style={{ marginBottom: 24 }}>
          <ListError error={data.error} onRetry={() => void data.refetch()} />
        </Card>
      </section>
    )
  const info = data.data
  const card = info?.card ?? null
  const start = () =>
    setup.mutate(location.pathname, {
      onSuccess: ({ url }) => window.location.assign(url),
      onError: (error) => toast.error(errorMessage(error)),
    })

  return (
    <section aria-label={title}>
      <Card size="small" title={title} loading={data.isPending} style={{ marginBottom: 24 }}>
        {info && (
          <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
            {returned === 'saved' &&
              (isFresh(card) ? (
                <Alert
                  type="success"
                  showIcon
                  closable
                  onClose={clearReturn}
                  title={t('billing.card.savedNow')}
                />
              ) : waiting ? (
                <Alert type="info" showIcon title={t('billing.card.confirming')} />
              ) : (
                <Alert
                  type="warning"
                  showIcon
                  closable
                  onClose={clearReturn}
                  title={t('billing.card.confirmTimeout')}
                />
              ))}
            {returned === 'cancelled' && (
              <Alert
                type="info"
                showIcon
                closable
                onClose={clearReturn}
                title={t('billing.card.cancelled')}
              />
            )}
            {!info.payer ? (
              <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                {t('billing.card.notPayer')}
              </Typography.Paragraph>
            ) : (
              <>
                {!info.available && <Alert type="warning" showIcon title={t('billing.card.unavailable')} />}
                {card ? (
                  <div>
                    <Space wrap>
                      <Typography.Text strong>
                        {t('billing.card.summary', { brand: brandName(card.brand), last4: card.last4 })}
                      </Typography.Text>
                      <Typography.Text type="secondary">
                        {t('billing.card.expiry', {
                          month: String(card.expMonth).padStart(2, '0'),
                          year: card.expYear,
                        })}
                      </Typography.Text>
                      {info.state !== 'none' && (
                        <Tag color={STATE_TAG[info.state]}>{t(`billing.card.state.${info.state}`)}</Tag>
                      )}
                    </Space>
                    <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
                      {t('billing.card.charged')}
                    </Typography.Paragraph>
                  </div>
                ) : (
                  <Typography.Paragraph style={{ marginBottom: 0 }}>
                    {t('billing.card.none')}
                  </Typography.Paragraph>
                )}
                {info.state === 'failed' && info.lastFailure && (
                  <Alert
                    type="error"
                    showIcon
                    title={t('billing.card.failed', {
                      month: info.lastFailure.month,
                      number: info.lastFailure.number,
                    })}
                  />
                )}
                {info.state !== 'failed' && info.lastFailure && (
                  <Alert
                    type="warning"
                    showIcon
                    title={t('billing.card.failedBefore', {
                      month: info.lastFailure.month,
                      number: info.lastFailure.number,
                    })}
                  />
                )}
                {(info.state === 'expiringSoon' || info.state === 'expired') && (
                  <Alert
                    type={info.state === 'expired' ? 'error' : 'warning'}
                    showIcon
                    title={t(`billing.card.${info.state}Hint`)}
                  />
                )}
                {info.canManage && (
                  <Space wrap>
                    <Button type="primary" loading={setup.isPending} onClick={start}>
                      {card ? t('billing.card.replace') : t('billing.card.add')}
                    </Button>
                    {card && (
                      <Button danger onClick={() => setRemoving(true)}>
                        {t('billing.card.remove')}
                      </Button>
                    )}
                  </Space>
                )}
                {info.canManage && (
                  <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
                    {t('billing.card.hosted')}
                  </Typography.Paragraph>
                )}
              </>
            )}
          </Space>
        )}
      </Card>
      {removing && card && (
        <Modal
          open
          title={t('billing.card.removeTitle')}
          okText={t('billing.card.removeOk')}
          okButtonProps={{ danger: true, loading: remove.isPending }}
          cancelText={t('common.cancel')}
          onCancel={() => setRemoving(false)}
          onOk={() => {
            // The return from saving a card is over: a card being removed is not one being confirmed.
            if (returned) clearReturn()
            remove.mutate(undefined, {
              onSuccess: (answer) => {
                toast.success(answer.message)
                setRemoving(false)
              },
              onError: (error) => {
                toast.error(errorMessage(error))
                setRemoving(false)
              },
            })
          }}
        >
          <Typography.Paragraph>
            {t('billing.card.removeBody', { brand: brandName(card.brand), last4: card.last4 })}
          </Typography.Paragraph>
        </Modal>
      )}
    </section>
  )
}
