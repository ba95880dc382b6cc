import { CTA_ANIMATIONS, SITE_LIMITS } from '@swipe/shared'
import { ctaContentFor } from '@swipe/shared/site/cta'
import type { SiteLanguage } from '@swipe/shared/site/model'
import { App, Button, Card, Flex, Form, Input, Select } from 'antd'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import type { CtaAnimation, PopupCta } from '../../api.ts'
import { ColorField } from '../fields/ColorField.tsx'
import { ContrastWarning } from '../fields/ContrastWarning.tsx'
import { ImageUpload } from '../fields/ImageUpload.tsx'
import { fieldStatus } from '../fields/useFieldMessages.ts'
import { uploadSiteFile } from '../upload.ts'
import { CtaLinkFields } from './CtaLinkFields.tsx'
import { CtaPreview } from './CtaPreview.tsx'
import { CtaScheduleFields } from './CtaScheduleFields.tsx'
import type { CtaFieldProps } from './ctaFieldProps.ts'
import { localizedOf, withLocalized } from './ctaModel.ts'

interface CtaCardProps {
  siteId: string
  cta: PopupCta
  /**
   * The content language being edited: the text and image fields are that language's, and the
   * preview shows that language's page.
   */
  lang: SiteLanguage
  defaultLanguage: SiteLanguage
  /** The site has more than one language: the text and image fields name theirs. */
  multilingual: boolean
  /** "期間限定CTA 1" */
  title: string
  readOnly: boolean
  rows: number
  columns: number
  mediaUrl: (key: string | null | undefined) => string | undefined
  addMedia: (key: string, url: string) => void
  set: CtaFieldProps['set']
  messageAt: CtaFieldProps['messageAt']
  onRemove: () => void
}

/** One popup CTA: its link, look, period and pages, with a live preview beside it. */
export const CtaCard = ({
  siteId,
  cta,
  lang,
  defaultLanguage,
  multilingual,
  title,
  readOnly,
  rows,
  columns,
  mediaUrl,
  addMedia,
  set,
  messageAt,
  onRemove,
}: CtaCardProps) => {
  const { t } = useTranslation()
  const { modal } = App.useApp()
  const baseId = useId()
  const headingId = `${baseId}-title`
  const idFor = (field: keyof PopupCta) => `${baseId}-${field}`
  const fieldProps: CtaFieldProps = { cta, readOnly, set, messageAt, idFor }
  // The text and image of the language being edited: its entry, or the one a first edit adds.
  const { entry, index } = localizedOf(cta, lang)
  const at = index < 0 ? cta.localized.length : index
  const contentField = `localized.${at}.content` as const
  const imageField = `localized.${at}.imageUrl` as const
  const contentMessage = messageAt(contentField)
  const setLocalized = (
    patch: { content?: string; imageUrl?: string | null },
    ...touched: (typeof contentField)[]
  ) => set({ localized: withLocalized(cta, lang, patch) }, ...touched)
  const langName = t(`siteContent.langs.${lang}`)
  const defaultName = t(`siteContent.langs.${defaultLanguage}`)
  // Another language shows the default language's text and image until it has its own.
  const fallback = lang === defaultLanguage ? undefined : ctaContentFor(cta, defaultLanguage, defaultLanguage)
  const shown = ctaContentFor(cta, lang, defaultLanguage)

  const confirmRemove = () =>
    modal.confirm({
      title: t('siteEditor.cta.removeTitle', { title }),
      content: t('siteEditor.cta.removeContent'),
      okText: t('siteEditor.cta.removeOk'),
      okButtonProps: { danger: true },
      cancelText: t('common.cancel'),
      onOk: onRemove,
    })

  return (
    <Card
      size="small"
      title={<span id={headingId}>{title}</span>}
      extra={
        <Button
          danger
          size="small"
          disabled={readOnly}
          onClick={confirmRemove}
          aria-label={t('siteEditor.cta.remove', { title })}
        >
          {t('siteEditor.cta.removeShort')}
        </Button>
      }
    >
      <section aria-labelledby={headingId}>
        <Flex gap={24} wrap align="flex-start">
          <div style={{ flex: '1 1 380px', minWidth: 0 }}>
            <CtaLinkFields {...fieldProps} />
            <Form.Item
              label={
                multilingual ? t('siteEditor.cta.contentIn', { lang: langName }) : t('siteEditor.cta.content')
              }
              htmlFor={idFor('localized')}
              extra={
                fallback
                  ? t('siteEditor.cta.contentFallback', { lang: defaultName })
                  : multilingual
                    ? t('siteEditor.cta.contentDefault')
                    : undefined
              }
              {...fieldStatus(contentMessage)}
            >
              <Input.TextArea
                id={idFor('localized')}
                value={entry?.content ?? ''}
                placeholder={fallback?.content || undefined}
                showCount
                maxLength={SITE_LIMITS.content}
                autoSize={{ minRows: 2, maxRows: 5 }}
                aria-invalid={Boolean(contentMessage) || undefined}
                onChange={(event) => setLocalized({ content: event.target.value }, contentField)}
              />
            </Form.Item>
            <Flex gap={16} wrap>
              {(['linkButtonColor', 'linkTextColor'] as const).map((field) => (
                <Form.Item
                  key={field}
                  label={t(`siteEditor.cta.${field}`)}
                  htmlFor={idFor(field)}
                  {...fieldStatus(messageAt(field))}
                >
                  <ColorField
                    id={idFor(field)}
                    value={cta[field]}
                    invalid={Boolean(messageAt(field))}
                    disabled={readOnly}
                    onChange={(value) => set({ [field]: value ?? '' }, field)}
                  />
                </Form.Item>
              ))}
            </Flex>
            <ContrastWarning
              text={cta.linkTextColor}
              background={cta.linkButtonColor}
              textLabel={t('siteEditor.cta.linkTextColor')}
              backgroundLabel={t('siteEditor.cta.linkButtonColor')}
              disabled={readOnly}
              onFix={(color) => set({ linkTextColor: color }, 'linkTextColor')}
            />
            <Form.Item
              label={
                multilingual ? t('siteEditor.cta.imageIn', { lang: langName }) : t('siteEditor.cta.image')
              }
              extra={
                fallback?.imageUrl && !entry?.imageUrl
                  ? t('siteEditor.cta.imageFallback', { lang: defaultName })
                  : undefined
              }
              {...fieldStatus(messageAt(imageField))}
            >
              <ImageUpload
                label={t('siteEditor.cta.imageSelect', { title })}
                hint={t('siteEditor.cta.imageHint')}
                storageKey={entry?.imageUrl}
                previewUrl={mediaUrl(entry?.imageUrl)}
                previewAlt={t('siteEditor.cta.imagePreview', { title })}
                removeLabel={t('siteEditor.cta.imageRemove')}
                disabled={readOnly}
                upload={(file, options) => uploadSiteFile(siteId, file, options)}
                onUploaded={(upload) => {
                  addMedia(upload.key, upload.url)
                  setLocalized({ imageUrl: upload.key })
                }}
                onRemove={() => setLocalized({ imageUrl: null })}
              />
            </Form.Item>
            <CtaScheduleFields {...fieldProps} rows={rows} columns={columns} />
          </div>
          <Flex vertical gap={8}>
            <Form.Item label={t('siteEditor.cta.animation')} htmlFor={idFor('animation')}>
              <Select
                id={idFor('animation')}
                value={cta.animation}
                disabled={readOnly}
                style={{ width: 196 }}
                options={CTA_ANIMATIONS.map((animation) => ({
                  value: animation,
                  label: t(`siteEditor.cta.animations.${animation}`),
                }))}
                onChange={(animation: CtaAnimation) => set({ animation })}
              />
            </Form.Item>
            <CtaPreview
              cta={cta}
              imageUrl={mediaUrl(shown.imageUrl)}
              lang={lang}
              defaultLanguage={defaultLanguage}
            />
          </Flex>
        </Flex>
      </section>
    </Card>
  )
}
