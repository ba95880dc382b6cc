import { SITE_LIMITS } from '@swipe/shared'
import { CREATIVE_DEFAULTS } from '@swipe/shared/schemas/site-defaults'
import { Alert, Card, Col, Flex, Input, InputNumber, Row, Switch } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { Creative, ImageLinkPoint, Product } from '../../api.ts'
import { type EditorTabProps, problemAt, problemsUnder } from '../draft.ts'
import { ContrastWarning } from '../fields/ContrastWarning.tsx'
import { BottomBarChoice } from './BottomBarChoice.tsx'
import { ColorField } from './ColorField.tsx'
import { Field } from './Field.tsx'
import { FormLinkWarnings } from './FormLinkWarnings.tsx'
import { ImageLinkPoints } from './ImageLinkPoints.tsx'
import { LinkField } from './LinkField.tsx'
import { MediaSection } from './MediaSection.tsx'
import { orNull } from './model.ts'
import { ProductsEditor } from './ProductsEditor.tsx'

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Card size="small" title={title} role="region" aria-label={title}>
    {children}
  </Card>
)

/** Seconds with up to one decimal, 0–3600 (the shared schema's range). */
const SecondsInput = ({
  id,
  value,
  onChange,
  unit,
}: {
  id: string
  value: number | null
  onChange: (value: number | null) => void
  unit: string
}) => (
  <InputNumber
    id={id}
    value={value}
    min={0}
    max={3600}
    step={0.5}
    precision={1}
    suffix={unit}
    style={{ width: 160 }}
    onChange={(next) => onChange(typeof next === 'number' ? next : null)}
  />
)

/**
 * Everything about one cell in one language (SPEC §3 Creative detail). `creative` is the draft
 * entry, or the defaults while the cell has none: the first change creates the entry.
 */
export const CreativeDetail = ({
  tab,
  creative,
  index,
  update,
  onReplace,
  uploading,
}: {
  tab: EditorTabProps
  creative: Creative
  /** The entry's index in draft.creatives, -1 while it has none. */
  index: number
  update: (change: (creative: Creative) => Creative) => void
  onReplace: (file: File) => void
  uploading: boolean
}) => {
  const { t } = useTranslation()
  const prefix = `creatives.${index}`
  const at = (field: string) => (index >= 0 ? problemAt(tab.problems, `${prefix}.${field}`) : undefined)
  const set = (patch: Partial<Creative>) => update((c) => ({ ...c, ...patch }))
  const url = tab.mediaUrl(creative.mediaKey)
  const problemCount = index >= 0 ? problemsUnder(tab.problems, prefix).length : 0
  const seconds = t('siteContent.creative.secondsUnit')

  return (
    <Flex vertical gap={16}>
      {problemCount > 0 && (
        <Alert
          type="error"
          showIcon
          title={t('siteContent.creative.problemCount', { position: creative.position, count: problemCount })}
        />
      )}
      <Section title={t('siteContent.creative.mediaSection')}>
        <MediaSection
          siteId={tab.siteId}
          creative={creative}
          url={url}
          busy={uploading}
          disabled={tab.readOnly}
          onReplace={onReplace}
          onRemove={() => set({ mediaKey: null, mediaType: null })}
          onAltChange={(imageAlt) => set({ imageAlt })}
          problemAt={at}
        />
      </Section>

      <Section title={t('siteContent.creative.linkSection')}>
        <FormLinkWarnings tab={tab} creative={creative} />
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Field label={t('siteContent.creative.linkButtonText')} problem={at('linkButtonText')}>
              {(id) => (
                <Input
                  id={id}
                  value={creative.linkButtonText ?? ''}
                  maxLength={SITE_LIMITS.text}
                  showCount
                  onChange={(event) => set({ linkButtonText: orNull(event.target.value) })}
                />
              )}
            </Field>
          </Col>
          <Col xs={24} md={12}>
            <LinkField
              label={t('siteContent.creative.linkDestination')}
              internal={creative.isInternalLink}
              value={creative.linkDestinationUrl}
              problem={at('linkDestinationUrl')}
              onChange={({ isInternalLink, value }) => set({ isInternalLink, linkDestinationUrl: value })}
            />
          </Col>
          <Col xs={24} md={12}>
            <ColorField
              label={t('siteContent.creative.linkButtonColor')}
              value={creative.linkButtonColor}
              fallback={CREATIVE_DEFAULTS.linkButtonColor}
              problem={at('linkButtonColor')}
              onChange={(color) => set({ linkButtonColor: color ?? CREATIVE_DEFAULTS.linkButtonColor })}
            />
          </Col>
          <Col xs={24} md={12}>
            <ColorField
              label={t('siteContent.creative.linkTextColor')}
              value={creative.linkTextColor}
              fallback="#FFFFFF"
              problem={at('linkTextColor')}
              onChange={(color) => set({ linkTextColor: color ?? CREATIVE_DEFAULTS.linkTextColor })}
            />
          </Col>
          <Col xs={24}>
            <ContrastWarning
              text={creative.linkTextColor ?? CREATIVE_DEFAULTS.linkTextColor}
              background={creative.linkButtonColor ?? CREATIVE_DEFAULTS.linkButtonColor}
              textLabel={t('siteContent.creative.linkTextColor')}
              backgroundLabel={t('siteContent.creative.linkButtonColor')}
              onFix={(linkTextColor) => set({ linkTextColor })}
            />
          </Col>
        </Row>
      </Section>

      <Section title={t('siteContent.creative.textSection')}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Field label={t('siteContent.creative.mainText')} problem={at('mainText')}>
              {(id) => (
                <Input.TextArea
                  id={id}
                  value={creative.mainText ?? ''}
                  maxLength={SITE_LIMITS.content}
                  showCount
                  autoSize={{ minRows: 3, maxRows: 6 }}
                  onChange={(event) => set({ mainText: orNull(event.target.value) })}
                />
              )}
            </Field>
          </Col>
          <Col xs={24} md={12}>
            <ColorField
              label={t('siteContent.creative.mainTextColor')}
              value={creative.mainTextColor}
              problem={at('mainTextColor')}
              onChange={(mainTextColor) => set({ mainTextColor })}
            />
          </Col>
          <Col xs={24} md={12}>
            <Field
              label={t('siteContent.creative.price')}
              problem={at('price')}
              extra={t('siteContent.price.taxIncluded')}
            >
              {(id) => (
                <InputNumber
                  id={id}
                  value={creative.price}
                  min={0}
                  precision={0}
                  step={100}
                  suffix={t('siteContent.price.unit')}
                  style={{ width: 200 }}
                  onChange={(value) => set({ price: typeof value === 'number' ? value : null })}
                />
              )}
            </Field>
          </Col>
          <Col xs={24} md={12}>
            <ColorField
              label={t('siteContent.creative.priceTextColor')}
              value={creative.priceTextColor}
              problem={at('priceTextColor')}
              onChange={(priceTextColor) => set({ priceTextColor })}
            />
          </Col>
        </Row>
      </Section>

      <Section title={t('siteContent.creative.displaySection')}>
        <Row gutter={16}>
          {(['snsConfig', 'showCompany'] as const).map((key) => (
            <Col xs={24} md={8} key={key}>
              <BottomBarChoice
                tab={tab}
                creative={creative}
                field={key}
                problem={at(key)}
                onChange={(value) => set({ [key]: value })}
              />
            </Col>
          ))}
          <Col xs={24} md={8}>
            <Field label={t('siteContent.creative.membersOnlyLock')} problem={at('membersOnlyLock')}>
              {(id) => (
                <Switch
                  id={id}
                  checked={creative.membersOnlyLock}
                  onChange={(membersOnlyLock) => set({ membersOnlyLock })}
                />
              )}
            </Field>
          </Col>
          <Col xs={24} md={8}>
            <ColorField
              label={t('siteContent.creative.hoverArrowColor')}
              value={creative.hoverArrowColor}
              fallback="#FFFFFF"
              problem={at('hoverArrowColor')}
              onChange={(color) => set({ hoverArrowColor: color ?? CREATIVE_DEFAULTS.hoverArrowColor })}
            />
          </Col>
          <Col xs={24} md={8}>
            <Field label={t('siteContent.creative.arrowFadeInterval')} problem={at('arrowFadeInterval')}>
              {(id) => (
                <SecondsInput
                  id={id}
                  unit={seconds}
                  value={creative.arrowFadeInterval}
                  onChange={(arrowFadeInterval) => set({ arrowFadeInterval })}
                />
              )}
            </Field>
          </Col>
          <Col xs={24} md={8}>
            <Field label={t('siteContent.creative.sliderSeconds')} problem={at('sliderSeconds')}>
              {(id) => (
                <SecondsInput
                  id={id}
                  unit={seconds}
                  value={creative.sliderSeconds}
                  onChange={(sliderSeconds) => set({ sliderSeconds })}
                />
              )}
            </Field>
          </Col>
        </Row>
      </Section>

      <Section title={t('siteContent.points.section')}>
        <ImageLinkPoints
          points={creative.imageLinkPoints}
          url={url}
          mediaType={creative.mediaType}
          disabled={tab.readOnly}
          problemAt={(path) => at(`imageLinkPoints.${path}`)}
          onChange={(change: (points: ImageLinkPoint[]) => ImageLinkPoint[]) =>
            update((c) => ({ ...c, imageLinkPoints: change(c.imageLinkPoints) }))
          }
        />
      </Section>

      <Section title={t('siteContent.product.section')}>
        <ProductsEditor
          siteId={tab.siteId}
          products={creative.products}
          url={url}
          mediaType={creative.mediaType}
          disabled={tab.readOnly}
          problemAt={(path) => at(`products.${path}`)}
          mediaUrl={tab.mediaUrl}
          addMedia={tab.addMedia}
          onChange={(change: (products: Product[]) => Product[]) =>
            update((c) => ({ ...c, products: change(c.products) }))
          }
        />
      </Section>
    </Flex>
  )
}
