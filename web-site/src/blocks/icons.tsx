import type { ReactNode } from 'react'

/** Small stroke icons (24 × 24), decorative: the control around each carries the name. */
const icon = (paths: ReactNode) => () => (
  <svg className="ic" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
    {paths}
  </svg>
)

export const GlobeIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" />
  </>,
)
export const MenuIcon = icon(<path d="M4 7h16M4 12h16M4 17h16" />)
export const ChevronIcon = icon(<path d="M9 5l7 7-7 7" />)
export const CloseIcon = icon(<path d="M6 6l12 12M18 6L6 18" />)
export const LockIcon = icon(
  <>
    <rect x="5" y="10" width="14" height="10" rx="2" />
    <path d="M8 10V7a4 4 0 0 1 8 0v3" />
  </>,
)
export const PauseIcon = icon(<path d="M9 6v12M15 6v12" />)

const fill = { fill: 'currentColor', stroke: 'none' } as const

/** SNS icons by `snsType` (SPEC §3: youtube, line, instagram, x, tiktok, facebook, phone_number). */
export const SNS_ICONS: Record<string, () => ReactNode> = {
  youtube: icon(
    <>
      <rect x="2.5" y="5.5" width="19" height="13" rx="4" />
      <path d="M10 9v6l5-3z" {...fill} />
    </>,
  ),
  line: icon(
    <path d="M12 4C7 4 3 7.2 3 11.2c0 3.6 3.2 6.6 7.5 7.1l-.4 2.2 3.6-2.3c4.1-.8 7.3-3.6 7.3-7 0-4-4-7.2-9-7.2z" />,
  ),
  instagram: icon(
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.2" cy="6.8" r=".9" {...fill} />
    </>,
  ),
  x: icon(<path d="M4 4h4.5L20 20h-4.5zM19.5 4l-6.6 7.3M4.5 20l6.6-7.3" />),
  tiktok: icon(<path d="M14 3v11.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.6 2.4 4.5 5 4.8" />),
  facebook: icon(
    <path d="M14.5 21v-7h2.6l.4-3h-3V9.2c0-.9.3-1.5 1.6-1.5h1.5V5.1c-.3 0-1.2-.1-2.2-.1-2.2 0-3.8 1.4-3.8 3.9V11H9v3h2.6v7z" />,
  ),
  phone_number: icon(
    <path d="M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2z" />,
  ),
}

/** Visible names of the SNS links, for their accessible labels. */
export const SNS_NAMES: Record<string, string> = {
  youtube: 'YouTube',
  line: 'LINE',
  instagram: 'Instagram',
  x: 'X',
  tiktok: 'TikTok',
  facebook: 'Facebook',
}
