import { SITE_LIMITS, SNS_TYPES, urlSchema } from '@swipe/shared'
import { Alert, Flex, Input } from 'antd'
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
 * phone_number). The draft's list holds only the filled ones, in the networks' order. In another
 * language than the default, an empty list shows the default language's links (`snsLinksFor`):
 * the section says so and shows them as the fields' placeholders.
 */
export const SnsSection = ({
  sns,
  onChange,
  problems,
  inherited,
}: {
  sns: readonly SnsLink[]
  onChange: (sns: SnsLink[]) => void
  /** The last save's problems below this language's `sns`. */
  problems: readonly FieldProblem[]
  /** In another language than the default: the default language's name and links. */
  inherited?: { language: string; links: readonly SnsLink[] } | undefined
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

  const inheriting = inherited && sns.length === 0 && inherited.links.length > 0
  const inheritedUrl = (type: SnsType) =>
    inheriting ? inherited.links.find((link) => link.snsType === type)?.snsUrl : undefined

  return (
    <Flex vertical>
      {inherited && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="sns-inherited"
          title={t(inheriting ? 'siteContent.sns.inheriting' : 'siteContent.sns.ownLinks', {
            lang: inherited.language,
          })}
        />
      )}
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
                placeholder={
                  inheritedUrl(type) ??
                  t(phone ? 'siteContent.sns.phonePlaceholder' : 'siteContent.sns.urlPlaceholder')
                }
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
