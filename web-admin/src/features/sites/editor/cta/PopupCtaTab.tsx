import { PLAN_FEATURE_MESSAGES, PopupCtaSchema } from '@swipe/shared'
import { Alert, Button, Empty, Flex, Form, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { tShared } from '../../../../i18n/index.ts'
import type { PopupCta, PopupCtaKind } from '../../api.ts'
import type { EditorTabProps, FieldProblem } from '../draft.ts'
import { checkAt } from '../fields/checks.ts'
import { useFieldMessages } from '../fields/useFieldMessages.ts'
import { useListKeys } from '../fields/useListKeys.ts'
import { CtaCard } from './CtaCard.tsx'
import { MAX_CTAS, newCta, updateCta, updateCtas } from './ctaModel.ts'

const KINDS: readonly PopupCtaKind[] = ['TIME_LIMIT', 'APPLICANT_LIMIT']
const pathOf = (index: number, field?: string) =>
  field ? `globalSetting.popupCtas.${index}.${field}` : `globalSetting.popupCtas.${index}`

const liveProblems = (ctas: readonly PopupCta[]): FieldProblem[] =>
  ctas.flatMap((cta, index) => checkAt(PopupCtaSchema, cta, pathOf(index)))

/**
 * Popup CTAs (SPEC §3): time-limited and applicant-limited banners, at most 20, each edited in its
 * own card with a live preview. Plans without popup CTAs see why, and nothing to change.
 */
export const PopupCtaTab = ({
  siteId,
  draft,
  lang,
  plan,
  readOnly,
  mediaUrl,
  addMedia,
  onChange,
  problems,
}: EditorTabProps) => {
  const { t } = useTranslation()
  const ctas = draft.globalSetting.popupCtas
  const { messageAt, touch, untouchUnder } = useFieldMessages(problems, liveProblems(ctas))
  const listKeys = useListKeys(ctas.length)
  const available = plan.features.settingPopupCta
  const locked = readOnly || !available
  const full = ctas.length >= MAX_CTAS
  const { numberHorizontal: rows, numberVertical: columns } = draft.globalSetting

  // Numbered per kind, as the user meets them: 期間限定CTA 1, 人数限定CTA 1, 期間限定CTA 2…
  const titles = ctas.map((cta, index) =>
    t(`siteEditor.cta.kinds.${cta.kind}`, {
      number: ctas.slice(0, index + 1).filter((c) => c.kind === cta.kind).length,
    }),
  )

  const add = (kind: PopupCtaKind) => {
    listKeys.added()
    onChange(updateCtas((list) => [...list, newCta(kind)]))
  }

  const remove = (index: number) => {
    listKeys.removed(index)
    untouchUnder('globalSetting.popupCtas')
    onChange(updateCtas((list) => list.filter((_, i) => i !== index)))
  }

  return (
    <Form layout="vertical" component="div" disabled={locked}>
      {!available && (
        <Alert
          type="info"
          showIcon
          title={tShared(PLAN_FEATURE_MESSAGES.settingPopupCta)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Typography.Paragraph type="secondary">
        {t('siteEditor.cta.description', { max: MAX_CTAS })}
      </Typography.Paragraph>
      <Flex gap={8} wrap align="center" style={{ marginBottom: 16 }}>
        {KINDS.map((kind) => (
          <Button key={kind} disabled={locked || full} onClick={() => add(kind)}>
            {t(`siteEditor.cta.add.${kind}`)}
          </Button>
        ))}
        <Typography.Text type="secondary">
          {t('siteEditor.cta.count', { current: ctas.length, max: MAX_CTAS })}
        </Typography.Text>
      </Flex>
      {ctas.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('siteEditor.cta.empty')} />
      ) : (
        <Flex vertical gap={16}>
          {ctas.map((cta, index) => (
            <CtaCard
              key={listKeys.keys[index] ?? index}
              siteId={siteId}
              cta={cta}
              lang={lang}
              defaultLanguage={draft.globalSetting.defaultLanguage}
              multilingual={draft.globalSetting.languages.length > 1}
              title={titles[index] ?? ''}
              readOnly={locked}
              rows={rows}
              columns={columns}
              mediaUrl={mediaUrl}
              addMedia={addMedia}
              messageAt={(field) => messageAt(pathOf(index, field))}
              set={(patch, ...touched) => {
                if (touched.length > 0) touch(...touched.map((field) => pathOf(index, field)))
                onChange(updateCta(index, patch))
              }}
              onRemove={() => remove(index)}
            />
          ))}
        </Flex>
      )}
    </Form>
  )
}
