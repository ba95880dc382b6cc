import type { ThemeConfig } from 'antd'

/** Text colours of 4.5:1 or more on white and on the light tints antd puts behind them. */
const TEXT = { success: '#237804', error: '#cf1322', warning: '#ad4e00' } as const

/**
 * The console's colours where antd's defaults fail WCAG's 4.5:1 for text (issue 30): its blue
 * #1677ff is 4.1:1 on white, its tertiary grey (descriptions, table sorters, placeholders) 3.36:1.
 * #0958d9 (antd's blue-7) is 6.2:1 on white and 5.5:1 on its own light tint (a selected menu
 * item); black at 58 % is #6b6b6b on white, 5.3:1 (4.9:1 on a table header's #f5f5f5).
 * Success, error and warning keep antd's colours for icons and fills; only their text is darker
 * (typography, status tags, a danger button's label: green-8, red-7, orange-8). A coloured tag
 * writes with the colour's 7th shade on its 1st; where that is under 4.5:1 the 8th (9th for gold,
 * yellow and lime) takes its place.
 */
export const CONSOLE_THEME = {
  token: {
    colorPrimary: '#0958d9',
    colorLink: '#0958d9',
    colorTextTertiary: 'rgba(0, 0, 0, 0.58)',
    colorTextDescription: 'rgba(0, 0, 0, 0.58)',
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.58)',
    colorSuccessText: TEXT.success,
    colorErrorText: TEXT.error,
    colorWarningText: TEXT.warning,
  },
  components: {
    Tag: {
      colorSuccess: TEXT.success,
      colorError: TEXT.error,
      colorWarning: TEXT.warning,
      volcano7: '#ad2102',
      orange7: '#ad4e00',
      gold7: '#874d00',
      yellow7: '#876800',
      lime7: '#3f6600',
      green7: '#237804',
      cyan7: '#006d75',
    },
    Button: { colorError: TEXT.error },
  },
} as const satisfies ThemeConfig
