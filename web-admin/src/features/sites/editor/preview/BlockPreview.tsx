import { type CSSProperties, type ReactNode, useLayoutEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'

/**
 * A picture of visitor-site blocks in the console (docs/decisions/0005-one-block-registry.md): the
 * site's own components and stylesheet (`@swipe/web-site/blocks/*`) inside a shadow root, so the
 * site's short class names and element rules never reach antd and antd's never reach the blocks.
 * Inert and hidden from assistive technology: it is a picture, not a second page to operate —
 * unless `interactive`, for a block whose own controls are the thing to try (the company modal's
 * tabs): then it is operable and exposed like the page's own content.
 */
export const BlockPreview = ({
  css,
  name,
  style,
  interactive = false,
  children,
}: {
  /** The blocks' stylesheet, as the visitor page carries it. */
  css: string
  /** `data-preview` of the host, for tests and styling around it. */
  name: string
  style?: CSSProperties
  /** Keyboard, mouse and assistive technology reach the blocks (default: an inert picture). */
  interactive?: boolean
  children: ReactNode
}) => {
  const host = useRef<HTMLDivElement>(null)
  const [root, setRoot] = useState<ShadowRoot | null>(null)
  useLayoutEffect(() => {
    const element = host.current
    if (element) setRoot(element.shadowRoot ?? element.attachShadow({ mode: 'open' }))
  }, [])
  return (
    <div
      ref={host}
      data-preview={name}
      {...(interactive ? {} : { 'aria-hidden': true, inert: true })}
      style={style}
    >
      {root &&
        createPortal(
          <>
            <style>{css}</style>
            {children}
          </>,
          root,
        )}
    </div>
  )
}
