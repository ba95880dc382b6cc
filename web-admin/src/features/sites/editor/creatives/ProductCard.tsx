import { SITE_LIMITS } from '@swipe/shared'
import { PRODUCT_DEFAULTS } from '@swipe/shared/site/model-defaults'
import { PRODUCT_LOOK } from '@swipe/web-site/blocks/values.ts'
import { Button, Card, Col, Input, InputNumber, Popconfirm, Row } from 'antd'
import { useTranslation } from 'react-i18next'
import type { Product } from '../../api.ts'
import { ContrastWarning } from '../fields/ContrastWarning.tsx'
import { ColorField } from './ColorField.tsx'
import { Field } from './Field.tsx'
import { LinkField } from './LinkField.tsx'
import { clampToFrame, FRAME, orNull } from './model.ts'
import { ProductImageField } from './ProductImageField.tsx'

/** One product of a creative (SPEC §3 Product): texts, picture, link button, colours and position. */
export const ProductCard = ({
  siteId,
  number,
  product,
  onChange,
  onRemove,
  problemAt,
  mediaUrl,
  addMedia,
  disabled,
}: {
  siteId: string
  /** 1-based, as the marker on the frame shows it. */
  number: number
  product: Product
  onChange: (patch: Partial<Product>) => void
  onRemove: () => void
  /** The save's problem at `<field>` of this product. */
  problemAt: (field: string) => string | undefined
  mediaUrl: (key: string | null | undefined) => string | undefined
  addMedia: (key: string, url: string) => void
  disabled: boolean
}) => {
  const { t } = useTranslation()
  const name = t('siteContent.product.title', { n: number })
  return (
    <Card
      size="small"
      title={name}
      role="group"
      aria-label={name}
      extra={
        <Popconfirm
          title={t('siteContent.product.removeTitle', { n: number })}
          okText={t('siteContent.product.removeOk')}
          cancelText={t('common.cancel')}
          onConfirm={onRemove}
          disabled={disabled}
        >
          <Button size="small" danger disabled={disabled}>
            {t('siteContent.product.remove')}
          </Button>
        </Popconfirm>
      }
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Field label={t('siteContent.product.name')} problem={problemAt('productName')}>
            {(id) => (
              <Input
                id={id}
                value={product.productName}
                maxLength={SITE_LIMITS.text}
                showCount
                onChange={(event) => onChange({ productName: event.target.value })}
              />
            )}
          </Field>
        </Col>
        <Col xs={24} md={12}>
          <Field label={t('siteContent.product.price')} problem={problemAt('price')}>
            {(id) => (
              <InputNumber
                id={id}
                value={product.price ?? null}
                min={0}
                precision={0}
                step={100}
                suffix={t('siteContent.price.unit')}
                style={{ width: '100%' }}
                onChange={(value) => onChange({ price: typeof value === 'number' ? value : null })}
              />
            )}
          </Field>
        </Col>
      </Row>
      <Field label={t('siteContent.product.image')} problem={problemAt('imagePath')}>
        <ProductImageField
          siteId={siteId}
          label={name}
          imageKey={product.imagePath}
          url={mediaUrl(product.imagePath)}
          disabled={disabled}
          onUploaded={(key, url) => {
            addMedia(key, url)
            onChange({ imagePath: key })
          }}
          onRemove={() => onChange({ imagePath: null })}
        />
      </Field>
      <Field label={t('siteContent.product.description')} problem={problemAt('description')}>
        {(id) => (
          <Input.TextArea
            id={id}
            value={product.description ?? ''}
            maxLength={SITE_LIMITS.content}
            showCount
            autoSize={{ minRows: 2, maxRows: 5 }}
            onChange={(event) => onChange({ description: orNull(event.target.value) })}
          />
        )}
      </Field>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <LinkField
            label={t('siteContent.product.link')}
            internal={product.isInternalLink}
            value={product.linkButtonUrl}
            problem={problemAt('linkButtonUrl')}
            onChange={({ isInternalLink, value }) => onChange({ isInternalLink, linkButtonUrl: value })}
          />
        </Col>
        <Col xs={24} md={12}>
          <Field label={t('siteContent.product.buttonText')} problem={problemAt('linkButtonText')}>
            {(id) => (
              <Input
                id={id}
                value={product.linkButtonText ?? ''}
                maxLength={SITE_LIMITS.text}
                showCount
                onChange={(event) => onChange({ linkButtonText: orNull(event.target.value) })}
              />
            )}
          </Field>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <ColorField
            label={t('siteContent.product.buttonColor')}
            value={product.linkButtonColor}
            fallback={PRODUCT_DEFAULTS.linkButtonColor}
            problem={problemAt('linkButtonColor')}
            onChange={(color) => onChange({ linkButtonColor: color ?? PRODUCT_DEFAULTS.linkButtonColor })}
          />
        </Col>
        <Col xs={24} md={12}>
          <ColorField
            label={t('siteContent.product.buttonTextColor')}
            value={product.linkTextColor}
            fallback="#FFFFFF"
            problem={problemAt('linkTextColor')}
            onChange={(color) => onChange({ linkTextColor: color ?? PRODUCT_DEFAULTS.linkTextColor })}
          />
        </Col>
        <Col xs={24}>
          <ContrastWarning
            text={product.linkTextColor ?? PRODUCT_DEFAULTS.linkTextColor}
            background={product.linkButtonColor ?? PRODUCT_DEFAULTS.linkButtonColor}
            textLabel={t('siteContent.product.buttonTextColor')}
            backgroundLabel={t('siteContent.product.buttonColor')}
            onFix={(linkTextColor) => onChange({ linkTextColor })}
            disabled={disabled}
          />
        </Col>
        <Col xs={24} md={12}>
          <ColorField
            label={t('siteContent.product.textColor')}
            value={product.textColor}
            problem={problemAt('textColor')}
            onChange={(color) => onChange({ textColor: color })}
          />
        </Col>
        <Col xs={24} md={12}>
          <ColorField
            label={t('siteContent.product.backgroundColor')}
            value={product.backgroundColor}
            problem={problemAt('backgroundColor')}
            onChange={(color) => onChange({ backgroundColor: color })}
          />
        </Col>
        <Col xs={24}>
          <ContrastWarning
            text={product.textColor ?? PRODUCT_LOOK.text}
            background={product.backgroundColor ?? PRODUCT_LOOK.background}
            textLabel={t('siteContent.product.textColor')}
            backgroundLabel={t('siteContent.product.backgroundColor')}
            onFix={(textColor) => onChange({ textColor })}
            disabled={disabled}
          />
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={12}>
          <Field label={t('siteContent.product.x', { max: FRAME.width })} problem={problemAt('coordinateX')}>
            {(id) => (
              <InputNumber
                id={id}
                value={product.coordinateX}
                min={0}
                max={FRAME.width}
                precision={0}
                onChange={(value) =>
                  onChange({ coordinateX: clampToFrame(Number(value ?? 0), product.coordinateY).x })
                }
              />
            )}
          </Field>
        </Col>
        <Col xs={12}>
          <Field label={t('siteContent.product.y', { max: FRAME.height })} problem={problemAt('coordinateY')}>
            {(id) => (
              <InputNumber
                id={id}
                value={product.coordinateY}
                min={0}
                max={FRAME.height}
                precision={0}
                onChange={(value) =>
                  onChange({ coordinateY: clampToFrame(product.coordinateX, Number(value ?? 0)).y })
                }
              />
            )}
          </Field>
        </Col>
      </Row>
    </Card>
  )
}
