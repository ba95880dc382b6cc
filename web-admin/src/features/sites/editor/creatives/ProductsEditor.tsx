import { Button, Flex, Typography, theme } from 'antd'
import { useRef } from 'react'
import { useTranslation } from 'react-i18next'
import type { Product } from '../../api.ts'
import { CreativeFrame, FrameMarker } from './CreativeFrame.tsx'
import { FRAME, MAX_PRODUCTS, newProduct } from './model.ts'
import { ProductCard } from './ProductCard.tsx'

/**
 * A creative's products (at most 20): each one's card, and a frame preview on which each product's
 * marker is dragged (or nudged with the arrow keys) to where the product shows.
 */
export const ProductsEditor = ({
  siteId,
  products,
  onChange,
  url,
  mediaType,
  problemAt,
  mediaUrl,
  addMedia,
  disabled,
}: {
  siteId: string
  products: readonly Product[]
  onChange: (update: (products: Product[]) => Product[]) => void
  url: string | undefined
  mediaType: 'image' | 'video' | null
  /** The save's problem at `<n>.<field>` below this creative's `products`. */
  problemAt: (path: string) => string | undefined
  mediaUrl: (key: string | null | undefined) => string | undefined
  addMedia: (key: string, url: string) => void
  disabled: boolean
}) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const frameRef = useRef<HTMLDivElement | null>(null)
  const full = products.length >= MAX_PRODUCTS

  const change = (index: number, patch: Partial<Product>) =>
    onChange((list) => list.map((p, i) => (i === index ? { ...p, ...patch } : p)))
  // `order` follows the list, so removing one keeps the rest numbered from 0.
  const remove = (index: number) =>
    onChange((list) => list.filter((_, i) => i !== index).map((p, order) => ({ ...p, order })))

  return (
    <Flex gap={16} wrap align="flex-start">
      <div style={{ flex: `0 1 ${FRAME.width}px` }}>
        <CreativeFrame
          frameRef={frameRef}
          url={url}
          mediaType={mediaType}
          label={t('siteContent.product.frame')}
        >
          {products.map((product, index) => (
            <FrameMarker
              // biome-ignore lint/suspicious/noArrayIndexKey: a new product has no id until it is saved.
              key={index}
              frameRef={frameRef}
              x={product.coordinateX}
              y={product.coordinateY}
              text={String(index + 1)}
              label={t('siteContent.product.marker', {
                n: index + 1,
                x: product.coordinateX,
                y: product.coordinateY,
              })}
              anchor="corner"
              color={token.colorSuccess}
              disabled={disabled}
              onMove={(x, y) => change(index, { coordinateX: x, coordinateY: y })}
            />
          ))}
        </CreativeFrame>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
          {t('siteContent.product.positionHint', { width: FRAME.width, height: FRAME.height })}
        </Typography.Paragraph>
      </div>
      <Flex vertical gap={12} style={{ flex: '1 1 320px', minWidth: 0 }}>
        {products.length === 0 && (
          <Typography.Text type="secondary">{t('siteContent.product.none')}</Typography.Text>
        )}
        {products.map((product, index) => (
          <ProductCard
            // biome-ignore lint/suspicious/noArrayIndexKey: a new product has no id until it is saved.
            key={index}
            siteId={siteId}
            number={index + 1}
            product={product}
            onChange={(patch) => change(index, patch)}
            onRemove={() => remove(index)}
            problemAt={(field) => problemAt(`${index}.${field}`)}
            mediaUrl={mediaUrl}
            addMedia={addMedia}
            disabled={disabled}
          />
        ))}
        <div>
          <Button
            disabled={disabled || full}
            onClick={() => onChange((list) => [...list, newProduct(list.length)])}
          >
            {t('siteContent.product.add')}
          </Button>
          {full && (
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {t('siteContent.product.full', { max: MAX_PRODUCTS })}
            </Typography.Text>
          )}
        </div>
      </Flex>
    </Flex>
  )
}
