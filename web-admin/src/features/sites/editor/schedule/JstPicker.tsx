import { jstDay } from '@swipe/shared/time/jst'
import { DatePicker } from 'antd'
import type { Dayjs } from 'dayjs'
import { useTranslation } from 'react-i18next'

/** A day before today in Japan cannot be picked (the server refuses any past instant too). */
const beforeToday = (value: Dayjs) => value.format('YYYY-MM-DD') < jstDay(Date.now())

/**
 * A date and time in JST, to the minute, from today on: the schedule's 公開開始 / 公開終了 and a
 * publish request's 公開日時 (the values are read as JST by `instantOf`, ./schedule-api.ts). Takes
 * the `value` and `onChange` a `Form.Item` gives it.
 */
export const JstPicker = (props: {
  value?: Dayjs | null
  onChange?: (value: Dayjs | null) => void
  id?: string
}) => {
  const { t } = useTranslation()
  return (
    <DatePicker
      {...props}
      showTime={{ format: 'HH:mm' }}
      format="YYYY-MM-DD HH:mm"
      needConfirm={false}
      showNow={false}
      allowClear
      disabledDate={beforeToday}
      placeholder={t('siteEditor.schedule.placeholder')}
      style={{ width: 200 }}
    />
  )
}
