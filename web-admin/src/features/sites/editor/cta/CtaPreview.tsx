import { colorSchema } from '@swipe/shared'
import { theme } from 'antd'
import { type CSSProperties, useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PopupCta } from '../../api.ts'
import { animationClass, CTA_PREVIEW_CSS } from './ctaAnimations.ts'

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)'

/** Whether the user asked the system for less motion (followed live). */
const useReducedMotion = (): boolean => {
  const [reduced, setReduced] = useState(() => window.matchMedia?.(REDUCED_MOTION).matches ?? false)
  useEffect(() => {
    const query = window.matchMedia?.(REDUCED_MOTION)
    if (!query) return
    const onChange = () => setReduced(query.matches)
    query.addEventListener('change', onChange)
    return () => query.removeEventListener('change', onChange)
  }, [])
  return reduced
}

const colorOr = (value: string | null | undefined, fallback: string) =>
  value && colorSchema.safeParse(value).success ? value : fallback

interface CtaPreviewProps {
  cta: PopupCta
  /** The CTA image's display URL, if it has one. */
  imageUrl: string | undefined
}

/**
 * A small phone showing the CTA as a visitor would see it: its position, image, colours, text and
 * animation. Decorative for assistive technology; the caption names the animation.
 */
export const CtaPreview = ({ cta, imageUrl }: CtaPreviewProps) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const reduced = useReducedMotion()
  const buttonColor = colorOr(cta.linkButtonColor, '#FF0000')
  const style = {
    background: buttonColor,
    color: colorOr(cta.linkTextColor, '#FFFFFF'),
    '--swipe-cta-color': buttonColor,
  } as CSSProperties
  return (
    <figure style={{ margin: 0 }}>
      <style href="swipe-cta-preview" precedence="medium">
        {CTA_PREVIEW_CSS}
      </style>
      <div className="swipe-cta-preview__phone" aria-hidden="true">
        <div className="swipe-cta-preview__screen" data-position={cta.displayPosition ?? 'BOTTOM'}>
          <div className="swipe-cta-preview__popup">
            {imageUrl && <img className="swipe-cta-preview__image" src={imageUrl} alt="" />}
            <span
              className={`swipe-cta-preview__button ${animationClass(cta.animation)}`}
              data-animation={cta.animation}
              style={style}
            >
              {cta.content?.trim() || t('siteEditor.cta.previewButton')}
            </span>
          </div>
        </div>
      </div>
      <figcaption style={{ marginTop: 8, maxWidth: 196, fontSize: 12, color: token.colorTextSecondary }}>
        {t('siteEditor.cta.previewCaption', { animation: t(`siteEditor.cta.animations.${cta.animation}`) })}
        {reduced && ` ${t('siteEditor.cta.reducedMotion')}`}
      </figcaption>
    </figure>
  )
}
