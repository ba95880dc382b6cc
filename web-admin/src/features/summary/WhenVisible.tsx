import { Skeleton } from 'antd'
import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react'

/**
 * Its children once the box has come on screen (at once where the browser cannot tell), a
 * placeholder of the same height until then: the summary's dashboard and its charts load when
 * they are scrolled to, so the summary's first screen stays within its budget (issue 14).
 */
export const WhenVisible = ({ height, children }: { height: number; children: ReactNode }) => {
  const box = useRef<HTMLDivElement>(null)
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    if (seen || !box.current) return
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return
      setSeen(true)
      observer.disconnect()
    })
    observer.observe(box.current)
    return () => observer.disconnect()
  }, [seen])
  const placeholder = <Skeleton.Node active style={{ width: '100%', height }} />
  return (
    <div ref={box} style={{ minHeight: height }}>
      {seen ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder}
    </div>
  )
}
