import type { SiteLanguage } from '@swipe/shared'
import { LANGUAGE_NAMES, LANGUAGE_SEGMENTS } from '@swipe/shared/site/languages'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Flex,
  Form,
  Input,
  Modal,
  Result,
  Segmented,
  Select,
  Spin,
  Typography,
} from 'antd'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { LabeledSwitch } from '../../../components/LabeledSwitch.tsx'
import { ApiError, call, errorMessage, storedPreviewSite } from '../../../lib/api.ts'
import { getStoredUserInfo, isSignedIn } from '../../../lib/session.ts'
import { readStorage, STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts'
import { useToast } from '../../../lib/toast.ts'
import { previewKeys } from './api.ts'
import { type PreviewDevice, PreviewFrame } from './PreviewFrame.tsx'
import { landingCellOf, languageOfLink, mediaMapOf, previewInputOf } from './previewInput.ts'
import { ReviewComments } from './ReviewComments.tsx'
import { ShareDialog } from './ShareDialog.tsx'

type Mode = 'owner' | 'viewer' | 'login'

/** Who opens the page: an invited viewer with this site's token, the signed-in owner, or no one yet. */
const modeFor = (siteId: string): Mode =>
  storedPreviewSite() === siteId ? 'viewer' : isSignedIn() ? 'owner' : 'login'

/**
 * The preview page `/site/{siteId}/preview` (SPEC §2 preview mode; issue 16): the last saved draft
 * as visitors will see it, on a phone or a desktop, in each language, with members-only creatives
 * locked or unlocked and CTAs on or off. The owner shares it from here; an invited viewer signs in
 * with their address and the share password, swipes, and pins comments to cells.
 */
export const PreviewPage = () => {
  const { siteId = '' } = useParams()
  const [mode] = useState(() => modeFor(siteId))
  useEffect(() => {
    document.title = 'Preview'
  }, [])
  if (mode === 'login') return <PreviewLogin siteId={siteId} />
  return <PreviewScreen siteId={siteId} mode={mode} />
}

/** A locked preview asks for an invited address and the password (SPEC §4): one message for every refusal. */
const PreviewLogin = ({ siteId }: { siteId: string }) => {
  const { t } = useTranslation()
  const [error, setError] = useState<string | undefined>()
  const login = useMutation({
    mutationFn: (values: { email: string; password: string }) =>
      call('preview.login', { params: { siteId }, body: values }, { handleAuthErrors: false }),
    onSuccess: (answer) => {
      writeStorage(STORAGE_KEYS.previewToken, answer.token)
      window.location.reload()
    },
    onError: (e) => setError(errorMessage(e)),
  })
  return (
    <Flex justify="center" style={{ padding: '48px 16px' }}>
      <Card style={{ width: 420, maxWidth: '100%' }}>
        <Typography.Title level={1} style={{ fontSize: 20, marginTop: 0 }}>
          {t('preview.login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('preview.login.intro')}</Typography.Paragraph>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />}
        <Form layout="vertical" onFinish={(values) => login.mutate(values)} requiredMark={false}>
          <Form.Item
            name="email"
            label={t('preview.login.email')}
            rules={[{ required: true, type: 'email' }]}
          >
            <Input autoComplete="email" />
          </Form.Item>
          <Form.Item name="password" label={t('preview.login.password')} rules={[{ required: true }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={login.isPending}>
            {t('preview.login.submit')}
          </Button>
        </Form>
      </Card>
    </Flex>
  )
}

/** Seconds between the view log's sends (and one more when the page is left). */
const VIEW_FLUSH_MS = 5_000

const PreviewScreen = ({ siteId, mode }: { siteId: string; mode: 'owner' | 'viewer' }) => {
  const { t } = useTranslation()
  const toast = useToast()
  const client = useQueryClient()
  const [lang, setLang] = useState<SiteLanguage | undefined>()
  const [device, setDevice] = useState<PreviewDevice>('mobile')
  const [membership, setMembership] = useState(false)
  const [showCta, setShowCta] = useState(true)
  const [cell, setCell] = useState('A1')
  const [sharing, setSharing] = useState(false)
  const [commenting, setCommenting] = useState(false)
  const [text, setText] = useState('')
  const [blocking, setBlocking] = useState(false)
  const blockingHelp = useId()
  const [start, setStart] = useState<string | undefined>()

  const site = useQuery({
    queryKey: previewKeys.site(siteId, lang),
    queryFn: () => call('preview.site', { params: { siteId }, query: lang ? { lang } : {} }),
    retry: false,
  })
  // SPEC §8: a refused preview token is dropped (the API client did) and the page reloads to ask again.
  const refused = site.error instanceof ApiError && site.error.status === 401 && mode === 'viewer'
  useEffect(() => {
    if (refused && !readStorage(STORAGE_KEYS.previewToken)) window.location.reload()
  }, [refused])

  const data = site.data
  const shownLang = data?.lang
  const input = useMemo(
    () => (data ? previewInputOf(data, mediaMapOf(data.media), Date.now()) : undefined),
    [data],
  )

  // The view log: the cells an invited viewer has seen, sent in small batches.
  const seen = useRef(new Set<string>())
  useEffect(() => {
    if (mode !== 'viewer' || !shownLang) return
    const flush = () => {
      const cells = [...seen.current]
      if (!cells.length) return
      seen.current.clear()
      void call('preview.views', { params: { siteId }, body: { lang: shownLang, cells } }).catch(
        () => undefined,
      )
    }
    const timer = setInterval(flush, VIEW_FLUSH_MS)
    return () => {
      clearInterval(timer)
      flush()
    }
  }, [mode, siteId, shownLang])
  // The landing cell is logged too (issue 30 #11): the frame reports moves only, not where it opened.
  const landing = data ? landingCellOf(data.creatives, start ?? cell) : undefined
  useEffect(() => {
    if (mode === 'viewer' && landing) seen.current.add(landing)
  }, [mode, landing])

  const comment = useMutation({
    mutationFn: () =>
      call('preview.commentCreate', {
        params: { siteId },
        body: { cell, lang: shownLang ?? 'JP', text, blocking },
      }),
    onSuccess: async () => {
      toast.success(t('preview.comment.sent'))
      setCommenting(false)
      setText('')
      setBlocking(false)
      await client.invalidateQueries({ queryKey: previewKeys.comments(siteId) })
    },
    onError: (e) => toast.error(errorMessage(e)),
  })

  if (site.isLoading) return <Spin fullscreen />
  if (!data || !input) {
    return (
      <Result
        status="warning"
        title={t('preview.loadFailed')}
        subTitle={site.error ? errorMessage(site.error) : undefined}
      />
    )
  }
  const languages = data.globalSetting.languages
  const info = getStoredUserInfo()
  const viewerEmail = data.viewer.email

  return (
    <Flex vertical gap={12} style={{ padding: 16, minHeight: '100vh', boxSizing: 'border-box' }}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="baseline" gap={12} wrap>
          <Typography.Title level={1} style={{ fontSize: 20, margin: 0 }}>
            {t('preview.title')}: {data.globalSetting.name}
          </Typography.Title>
          {mode === 'owner' && info && (
            <Link to={`/${info.userTypeSegment}/site/${encodeURIComponent(siteId)}`}>
              {t('preview.backToEditor')}
            </Link>
          )}
          {mode === 'viewer' && viewerEmail && (
            <Typography.Text type="secondary">
              {t('preview.viewer.signedInAs', { email: viewerEmail })}
            </Typography.Text>
          )}
        </Flex>
        <Flex gap={12} wrap align="center">
          <Segmented
            value={device}
            onChange={(v) => setDevice(v as PreviewDevice)}
            options={[
              { value: 'mobile', label: t('preview.mobile') },
              { value: 'desktop', label: t('preview.desktop') },
            ]}
          />
          {languages.length > 1 && (
            <Select
              aria-label={t('preview.language')}
              value={data.lang}
              onChange={(value: SiteLanguage) => setLang(value)}
              options={languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
              style={{ minWidth: 120 }}
            />
          )}
          <LabeledSwitch checked={membership} onChange={setMembership} label={t('preview.showMembership')} />
          <LabeledSwitch checked={showCta} onChange={setShowCta} label={t('preview.showCta')} />
          {mode === 'owner' && (
            <Button type="primary" onClick={() => setSharing(true)}>
              {t('preview.share')}
            </Button>
          )}
          {mode === 'viewer' && (
            <Button
              onClick={() => {
                writeStorage(STORAGE_KEYS.previewToken, null)
                window.location.reload()
              }}
            >
              {t('preview.viewer.leave')}
            </Button>
          )}
        </Flex>
      </Flex>
      <Typography.Text type="secondary">{t('preview.savedDraftNote')}</Typography.Text>

      <Flex gap={24} wrap align="start">
        {data.creatives.length === 0 ? (
          <Alert type="info" showIcon title={t('preview.noCreatives')} />
        ) : (
          <PreviewFrame
            input={input}
            lang={data.lang}
            device={device}
            membership={membership ? 'unlocked' : 'locked'}
            showCta={showCta}
            start={start}
            height={device === 'mobile' ? 720 : 560}
            onCell={(next) => {
              setCell(next)
              seen.current.add(next)
            }}
            onLink={(href) => {
              const target = languageOfLink(
                href,
                languages,
                data.globalSetting.defaultLanguage,
                LANGUAGE_SEGMENTS,
              )
              if (target && target !== data.lang) setLang(target)
              else toast.success(t('preview.linkNotice', { href }))
            }}
          />
        )}
        <Card
          size="small"
          title={mode === 'owner' ? t('preview.comments.title') : t('preview.comment.mine')}
          style={{ flex: '1 1 320px', maxWidth: 520 }}
          extra={
            mode === 'viewer' && (
              <Button type="primary" onClick={() => setCommenting(true)}>
                {t('preview.comment.button', { cell })}
              </Button>
            )
          }
        >
          <ReviewComments
            siteId={siteId}
            owner={mode === 'owner'}
            onOpenCell={(c) => {
              if (c.lang !== data.lang) setLang(c.lang)
              setStart(c.cell)
            }}
          />
        </Card>
      </Flex>

      {mode === 'owner' && <ShareDialog siteId={siteId} open={sharing} onClose={() => setSharing(false)} />}
      <Modal
        open={commenting}
        title={t('preview.comment.title', { cell })}
        okText={t('preview.comment.submit')}
        onOk={() => comment.mutate()}
        okButtonProps={{ disabled: !text.trim(), loading: comment.isPending }}
        onCancel={() => setCommenting(false)}
        destroyOnHidden
      >
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          maxLength={1000}
          showCount
          rows={5}
          placeholder={t('preview.comment.placeholder')}
          aria-label={t('preview.comment.title', { cell })}
        />
        {/* Issue 33: an open blocking comment stops the owner publishing until it is resolved. */}
        <Flex vertical gap={2} style={{ marginTop: 12 }}>
          <Checkbox
            checked={blocking}
            onChange={(e) => setBlocking(e.target.checked)}
            aria-describedby={blockingHelp}
          >
            {t('preview.comment.blocking')}
          </Checkbox>
          <Typography.Text id={blockingHelp} type="secondary" style={{ fontSize: 12, paddingLeft: 24 }}>
            {t('preview.comment.blockingHelp')}
          </Typography.Text>
        </Flex>
      </Modal>
    </Flex>
  )
}
