import { ctaContentFor } from '@swipe/shared/site/cta'
import type { ContentLanguage } from '@swipe/shared/site/languages'
import { CTA_DEFAULTS } from '@swipe/shared/site/model-defaults'
import { PAGE_TEXTS } from '@swipe/shared/site/texts'
import { internalPage, safeExternalUrl, siteUrl } from '@swipe/shared/site/urls'
import { BLOCK_BASE_CSS, BLOCK_MOTION_CSS } from '@swipe/web-site/blocks/base.ts'
import { CtaGroup, ctaCss, ctaItem } from '@swipe/web-site/blocks/Cta.tsx'
import type { Href } from '@swipe/web-site/blocks/values.ts'
import { theme } from 'antd'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { PopupCta } from '../../api.ts'
import { BlockPreview } from '../preview/BlockPreview.tsx'

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

/** The page a preview shows: its language and the site's default language. */
export interface PreviewPage {
  lang: ContentLanguage
  defaultLanguage: ContentLanguage
}

/**
 * Where the CTA's link leads, as that language's published page (on the site's own host) writes
 * it: an internal target's page under the language, or an http(s) URL. (The preview is inert:
 * nothing is followed.)
 */
export const previewLink = (
  value: string | null | undefined,
  internal: boolean | null | undefined,
  { lang, defaultLanguage }: PreviewPage,
): Href | undefined => {
  if (internal) {
    const page = internalPage(value)
    return page ? { href: siteUrl({ defaultLanguage, lang, page }), external: false } : undefined
  }
  const href = safeExternalUrl(value)
  return href ? { href, external: true } : undefined
}

/**
 * The phone around the CTA: a 360 × 640 screen drawn at half size, so the CTA keeps the
 * proportions it has on a phone. Only the frame is the console's; the CTA is the site's block.
 */
const PHONE_CSS = `.ph{width:196px;height:336px;padding:8px;border-radius:26px;background:#1f1f1f;box-shadow:0 6px 18px rgba(0,0,0,.18)}
.sc{position:relative;width:360px;height:640px;overflow:hidden;border-radius:36px;transform:scale(.5);transform-origin:0 0;background:linear-gradient(160deg,#e6f4ff 0%,#f9f0ff 100%);font:15px/1.5 system-ui,-apple-system,"Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans JP",sans-serif;color:#202020}
`

interface CtaPreviewProps extends PreviewPage {
  cta: PopupCta
  /** The display URL of the CTA image the language shows, if it has one. */
  imageUrl: string | undefined
  /** The countdown's clock. */
  now?: number
}

/**
 * A small phone showing the CTA as a visitor sees it: the site's CTA block (`@swipe/web-site/blocks/Cta`)
 * with the site's stylesheet, in its position, with its image, colours, text and animation.
 * Decorative for assistive technology; the caption names the animation.
 */
export const CtaPreview = ({ cta, imageUrl, lang, defaultLanguage, now }: CtaPreviewProps) => {
  const { t } = useTranslation()
  const { token } = theme.useToken()
  const reduced = useReducedMotion()
  const [clock] = useState(() => Date.now())
  // The text of the language shown (the default language's while it has none); an empty CTA
  // would be an empty button, so the preview names the place of its text.
  const { content } = ctaContentFor(cta, lang, defaultLanguage)
  const link = previewLink(cta.linkUrl, cta.isInternalLink, { lang, defaultLanguage })
  const item = ctaItem(cta, 0, {
    content: content.trim() ? content : t('siteEditor.cta.previewButton'),
    link,
    image: imageUrl,
  })
  return (
    <figure style={{ margin: 0 }}>
      <BlockPreview name="cta" css={BLOCK_BASE_CSS + PHONE_CSS + ctaCss([cta.animation]) + BLOCK_MOTION_CSS}>
        <div className="ph">
          <div className="sc">
            <CtaGroup
              position={cta.displayPosition ?? CTA_DEFAULTS.displayPosition}
              items={[item]}
              texts={PAGE_TEXTS[lang]}
              lang={lang}
              now={now ?? clock}
              hidden={false}
            />
          </div>
        </div>
      </BlockPreview>
      <figcaption style={{ marginTop: 8, maxWidth: 196, fontSize: 12, color: token.colorTextSecondary }}>
        {t('siteEditor.cta.previewCaption', { animation: t(`siteEditor.cta.animations.${cta.animation}`) })}
        {reduced && ` ${t('siteEditor.cta.reducedMotion')}`}
      </figcaption>
    </figure>
  )
}
