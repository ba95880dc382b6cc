import type { SiteLanguage } from '@swipe/shared'
import { Card, Flex, Segmented, Typography } from 'antd'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { LabeledSwitch } from '../../../components/LabeledSwitch.tsx'
import type { SiteDraft } from '../editor/draft.ts'
import { type PreviewDevice, PreviewFrame } from './PreviewFrame.tsx'
import { previewInputOf } from './previewInput.ts'

/** The switches under the frame: small, in 12 px text. */
const SMALL = { size: 'small', gap: 4, fontSize: 12 } as const

/**
 * The editor's live preview (issue 16): the unsaved draft rendered by the publish render's own
 * page, next to the form, again 300 ms after the last change; it follows the cell being edited.
 */
export const LivePreview = ({
  draft,
  media,
  lang,
  cell,
}: {
  draft: SiteDraft
  media: Readonly<Record<string, string>>
  lang: SiteLanguage
  cell: string | undefined
}) => {
  const { t } = useTranslation()
  const [device, setDevice] = useState<PreviewDevice>('mobile')
  const [membership, setMembership] = useState(false)
  const [showCta, setShowCta] = useState(true)
  const input = useMemo(() => previewInputOf(draft, media, Date.now()), [draft, media])
  return (
    <Card
      size="small"
      title={t('preview.live.toggle')}
      data-testid="live-preview"
      styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8, alignItems: 'center' } }}
    >
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('preview.live.hint')}
      </Typography.Text>
      <Segmented
        size="small"
        value={device}
        onChange={(v) => setDevice(v as PreviewDevice)}
        options={[
          { value: 'mobile', label: t('preview.mobile') },
          { value: 'desktop', label: t('preview.desktop') },
        ]}
      />
      <Flex gap={12} wrap justify="center">
        <LabeledSwitch
          {...SMALL}
          checked={membership}
          onChange={setMembership}
          label={t('preview.showMembership')}
        />
        <LabeledSwitch {...SMALL} checked={showCta} onChange={setShowCta} label={t('preview.showCta')} />
      </Flex>
      <PreviewFrame
        input={input}
        lang={lang}
        device={device}
        membership={membership ? 'unlocked' : 'locked'}
        showCta={showCta}
        start={cell}
        debounceMs={300}
        height={device === 'mobile' ? 560 : 260}
      />
    </Card>
  )
}
