/**
 * A site's notices to its visitors (issue 20, お知らせ配信): the ones public now in the page's
 * language, shown as a dismissible bar in the page's column between the top bar and the swipe
 * area. The answer may be cached by the browser and the edge for a minute; a dismissed notice
 * stays dismissed in this browser.
 */
import type { ApiAnswer, PathsOf } from './api.ts'
import { readStored, store } from './storage.ts'

const PATHS: PathsOf<{ notices: 'endUser.notiDelivery' }> = { notices: '/end-user/noti_delivery' }

/** The bar's name, its close button and its links, per site language. */
const WORDS: Record<string, string> = {
  JP: 'お知らせ|閉じる|詳しく見る',
  EN: 'Notice|Close|Read more',
  CN: '公告|关闭|查看详情',
  KR: '공지|닫기|자세히 보기',
}
const DISMISSED = 'swipe-notices-dismissed'

export const showNotices = async (api: string, siteId: string, lang: string) => {
  let answer: Partial<ApiAnswer<'endUser.notiDelivery'>>
  try {
    const response = await fetch(`${api}${PATHS.notices}?site_id=${encodeURIComponent(siteId)}&lang=${lang}`)
    if (!response.ok) return
    answer = await response.json()
  } catch {
    return
  }
  const dismissed = (readStored(DISMISSED) ?? '').split(',')
  const notices = (answer.notices ?? []).filter((notice) => !dismissed.includes(notice.id))
  if (!notices.length) return
  const [label, close, more] = (WORDS[answer.lang ?? lang] ?? WORDS.JP!).split('|')
  const add = (parent: Element, tag: string, text = '', css = '') => {
    const node = parent.appendChild(document.createElement(tag)) as HTMLElement
    node.textContent = text
    node.style.cssText = css
    return node
  }
  // In the page's column above the swipe area (which gives it the room), never over the top bar's
  // language switcher and menu or a creative's controls (docs/decisions/0025-visitor-page-controls.md).
  const swipeArea = document.getElementById('sw')
  const bar = document.createElement('aside')
  if (swipeArea) swipeArea.before(bar)
  else document.body.prepend(bar)
  bar.style.cssText =
    'position:relative;flex:none;background:#141414;color:#fff;font:14px/1.5 system-ui,sans-serif;padding:8px 48px 8px 12px;max-height:40vh;overflow-y:auto'
  bar.setAttribute('aria-label', label!)
  for (const notice of notices) {
    const item = add(bar, 'p', '', 'margin:2px 0')
    add(item, 'strong', notice.title)
    item.append(' ', notice.content, ' ')
    if (/^https?:/.test(notice.content_url)) {
      const link = add(item, 'a', more, 'color:inherit') as HTMLAnchorElement
      link.href = notice.content_url
      link.target = '_blank'
      link.rel = 'noopener'
    }
  }
  const x = add(
    bar,
    'button',
    '×',
    'position:absolute;top:0;right:0;width:44px;height:44px;background:none;border:0;color:inherit;font:22px/1 sans-serif;cursor:pointer;padding:0',
  )
  x.setAttribute('aria-label', close!)
  x.addEventListener('click', () => {
    store(DISMISSED, [...dismissed, ...notices.map((notice) => notice.id)].slice(-50).join(','))
    bar.remove()
  })
}
