import { DatePicker, Space, Typography } from 'antd'
import { useId } from 'react'
import { DAY_FORMAT, dayRangeValue } from './dates.ts'

interface DayRangeFilterProps {
  label: string
  /** The placeholders of the two ends (from, to). */
  placeholders: [string, string]
  from: string | undefined
  to: string | undefined
  onChange: (from: string | undefined, to: string | undefined) => void
}

/**
 * A from–to day range (either end may stay open), kept as two `YYYY-MM-DD` values: the date
 * filters of the site list and of the member, contact and form lists.
 */
export const DayRangeFilter = ({ label, placeholders, from, to, onChange }: DayRangeFilterProps) => {
  const labelId = useId()
  return (
    <Space size={8} role="group" aria-labelledby={labelId}>
      <Typography.Text id={labelId}>{label}</Typography.Text>
      <DatePicker.RangePicker
        format={DAY_FORMAT}
        allowEmpty={[true, true]}
        allowClear
        placeholder={placeholders}
        value={dayRangeValue(from, to)}
        onChange={(dates) =>
          onChange(dates?.[0]?.format(DAY_FORMAT) ?? undefined, dates?.[1]?.format(DAY_FORMAT) ?? undefined)
        }
        style={{ width: 260 }}
      />
    </Space>
  )
}
