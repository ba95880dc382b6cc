import { SITE_LIMITS, SNS_TYPES, urlSchema } from '@swipe/shared'
import { Flex, Input } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { i18n, tShared } from '../../../../i18n/index.ts'
import type { SnsLink, SnsType } from '../../api.ts'
import { Field, firstProblem } from '../creatives/Field.tsx'
import { type FieldProblem, problemAt } from '../draft.ts'

/** Brand colour and short mark of each network (the console ships no icon font). */
const BADGES: Record<SnsType, { mark: string; color: string }> = {
  youtube: { mark: '▶', color: '#FF0000' },
  line: { mark: 'L', color: '#06C755' },
  instagram: { mark: 'IG', color: '#C13584' },
  x: { mark: '𝕏', color: '#000000' },
  tiktok: { mark: '♪', color: '#010101' },
  facebook: { mark: 'f', color: '#1877F2' },
  phone_number: { mark: '☎', color: '#595959' },
}

const SnsBadge = ({ type }: { type: SnsType }) => (
  <span
    aria-hidden="true"
    style={{
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      width: 22,
      height: 22,
      marginRight: 8,
      borderRadius: 6,
      fontSize: 11,
      fontWeight: 700,
      color: '#fff',
      background: BADGES[type].color,
    }}
  >
    {BADGES[type].mark}
  </span>
)

/** A telephone number as visitors dial it: digits with an optional +, spaces, hyphens, brackets. */
export const PHONE_NUMBER = /^\+?[0-9][0-9\s\-()]{5,24}$/

/** What is wrong with a filled SNS entry, or undefined. */
const snsIssue = (type: SnsType, value: string): string | undefined => {
  const trimmed = value.trim()
  if (trimmed === '') return undefined
  if (type === 'phone_number')
    return PHONE_NUMBER.test(trimmed) ? undefined : i18n.t('siteContent.sns.phoneInvalid')
  const result = urlSchema.safeParse(trimmed)
  return result.success
    ? undefined
    : tShared(result.error.issues[0]?.message ?? 'validation.url', { max: 256 })
}

/**
 * SNS links (SPEC §3 sns list): one optional field per network, a URL (a telephone number for
 * phone_number). The draft's list holds only the filled ones, in the networks' order.
 */
export const SnsSection = ({
  sns,
  onChange,
  problems,
}: {
  sns: readonly SnsLink[]
  onChange: (sns: SnsLink[]) => void
  /** The last save's problems below this language's `sns`. */
  problems: readonly FieldProblem[]
}) => {
  const { t } = useTranslation()
  // The field being typed in is judged once the user leaves it.
  const [typing, setTyping] = useState<SnsType | null>(null)

  const urlOf = (type: SnsType) => sns.find((link) => link.snsType === type)?.snsUrl ?? ''
  const set = (type: SnsType, value: string) => {
    const next = SNS_TYPES.flatMap((each): SnsLink[] => {
      const existing = sns.find((link) => link.snsType === each)
      const url = each === type ? value : (existing?.snsUrl ?? '')
      if (url.trim() === '') return []
      return [existing ? { ...existing, snsUrl: url } : { snsType: each, snsUrl: url }]
    })
    onChange(next)
  }

  return (
    <Flex vertical>
      {SNS_TYPES.map((type) => {
        const value = urlOf(type)
        const index = sns.findIndex((link) => link.snsType === type)
        const saved = index >= 0 ? problemAt(problems, `${index}.snsUrl`) : undefined
        const phone = type === 'phone_number'
        return (
          <Field
            key={type}
            label={
              <span>
                <SnsBadge type={type} />
                {t(`siteContent.sns.types.${type}`)}
              </span>
            }
            problem={firstProblem(typing === type ? undefined : snsIssue(type, value), saved)}
          >
            {(id) => (
              <Input
                id={id}
                type={phone ? 'tel' : 'url'}
                inputMode={phone ? 'tel' : 'url'}
                value={value}
                maxLength={SITE_LIMITS.url}
                placeholder={t(phone ? 'siteContent.sns.phonePlaceholder' : 'siteContent.sns.urlPlaceholder')}
                onChange={(event) => {
                  setTyping(type)
                  set(type, event.target.value)
                }}
                onBlur={() => setTyping(null)}
              />
            )}
          </Field>
        )
      })}
    </Flex>
  )
}
