import {
  MESSAGE_MATCH_LIMITS,
  MESSAGE_MATCH_PARAMS,
  type MessageMatchParam,
  normaliseUtmValue,
} from '@swipe/shared/site/message-match'
import { Button, Card, ConfigProvider, Flex, Input, type InputRef, Select, Typography } from 'antd'
import { useEffect, useId, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Field, firstProblem } from '../creatives/Field.tsx'
import { type FieldProblem, problemAt, type SiteDraft } from '../draft.ts'
import { relativeTo } from '../other/model.ts'
import {
  addRule,
  canAddRule,
  cellsOf,
  exampleUrl,
  removeRule,
  ruleProblems,
  rulesOf,
  setRule,
} from './adTagsModel.ts'
import { monospace } from './IdField.tsx'

/** The sample value the explanation's URL shows while no rule has a value. */
const SAMPLE_VALUE = 'spring_sale'

const ruleBox = {
  border: '1px solid rgba(5, 5, 5, 0.12)',
  borderRadius: 8,
  padding: '8px 12px 0',
  margin: 0,
  minWidth: 0,
}

/**
 * Message match (issue 34 part 5): rules that open an ad's visitors on its own creative. Each rule
 * names a UTM parameter's value and a cell of the grid; the save checks them as the API does
 * (value required and at most 40 characters as compared, one rule per parameter and value, the
 * cell inside the grid, at most eight), and they reach visitors with the next publish. Not a plan
 * feature: only a viewer's read-only mode disables it.
 */
export const MessageMatch = ({
  draft,
  onChange,
  readOnly,
  problems,
}: {
  draft: SiteDraft
  onChange: (update: (draft: SiteDraft) => SiteDraft) => void
  readOnly: boolean
  problems: FieldProblem[]
}) => {
  const { t } = useTranslation()
  const limitId = useId()
  const rules = rulesOf(draft)
  const cells = cellsOf(draft)
  const found = ruleProblems(rules, cells)
  const saved = relativeTo(problems, 'globalSetting.messageMatch')
  const at = (path: string) => firstProblem(problemAt(found, path), problemAt(saved, path))
  const listProblem = firstProblem(problemAt(found, ''), problemAt(problems, 'globalSetting.messageMatch'))
  const canAdd = canAddRule(rules)
  const sample: { param: MessageMatchParam; value: string } = rules.find((rule) => rule.value.trim()) ?? {
    param: 'utm_content',
    value: SAMPLE_VALUE,
  }
  const title = t('siteEditor.adTags.messageMatch.title')

  // Keyboard users stay in place: a new rule's value takes the focus, a removal gives it to 「ルールを追加」.
  const values = useRef<(InputRef | null)[]>([])
  const add = useRef<HTMLButtonElement>(null)
  const [focus, setFocus] = useState<number | 'add' | null>(null)
  useEffect(() => {
    if (focus === null) return
    if (focus === 'add') add.current?.focus()
    else values.current[focus]?.focus()
    setFocus(null)
  }, [focus])

  return (
    <ConfigProvider componentDisabled={readOnly}>
      <Card size="small" title={title} role="region" aria-label={title}>
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('siteEditor.adTags.messageMatch.lead')}
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0' }}>
          {t('siteEditor.adTags.messageMatch.exampleUrl')}{' '}
          <Typography.Text code style={{ wordBreak: 'break-all' }}>
            {exampleUrl(draft.globalSetting.url, sample.param, normaliseUtmValue(sample.value))}
          </Typography.Text>
        </Typography.Paragraph>
        <Typography.Paragraph type="secondary" style={{ margin: '4px 0 12px' }}>
          {t('siteEditor.adTags.messageMatch.order')}
        </Typography.Paragraph>
        {rules.length === 0 ? (
          <Typography.Paragraph type="secondary" data-empty="messageMatch">
            {t('siteEditor.adTags.messageMatch.empty')}
          </Typography.Paragraph>
        ) : (
          <Flex vertical gap={8} style={{ marginBottom: 12 }}>
            {rules.map((rule, index) => {
              const n = index + 1
              const compared = normaliseUtmValue(rule.value)
              return (
                // Rules have no identity of their own: a removal renumbers the ones after it.
                // biome-ignore lint/suspicious/noArrayIndexKey: the index is the rule's place and name
                <fieldset key={index} style={ruleBox}>
                  <legend
                    style={{ fontSize: 'inherit', width: 'auto', margin: 0, padding: '0 4px', border: 0 }}
                  >
                    {t('siteEditor.adTags.messageMatch.rule', { n })}
                  </legend>
                  <Flex gap={12} wrap align="flex-start">
                    <div style={{ flex: '0 1 170px' }}>
                      <Field label={t('siteEditor.adTags.messageMatch.param')} problem={at(`${index}.param`)}>
                        {(id) => (
                          <Select
                            id={id}
                            value={rule.param}
                            options={MESSAGE_MATCH_PARAMS.map((param) => ({ value: param, label: param }))}
                            onChange={(param: MessageMatchParam) => onChange(setRule(index, { param }))}
                          />
                        )}
                      </Field>
                    </div>
                    <div style={{ flex: '1 1 220px', minWidth: 0 }}>
                      <Field
                        label={t('siteEditor.adTags.messageMatch.value')}
                        problem={at(`${index}.value`)}
                        required
                        extra={
                          compared && compared !== rule.value
                            ? t('siteEditor.adTags.messageMatch.comparedAs', { value: compared })
                            : undefined
                        }
                      >
                        {(id) => (
                          <Input
                            id={id}
                            ref={(input) => {
                              values.current[index] = input
                            }}
                            value={rule.value}
                            spellCheck={false}
                            autoComplete="off"
                            style={monospace}
                            count={{
                              show: true,
                              max: MESSAGE_MATCH_LIMITS.valueMax,
                              strategy: (text) => normaliseUtmValue(text).length,
                            }}
                            onChange={(event) => onChange(setRule(index, { value: event.target.value }))}
                          />
                        )}
                      </Field>
                    </div>
                    <div style={{ flex: '0 1 130px' }}>
                      <Field label={t('siteEditor.adTags.messageMatch.cell')} problem={at(`${index}.cell`)}>
                        {(id) => (
                          <Select
                            id={id}
                            value={rule.cell}
                            showSearch
                            options={cells.map((cell) => ({ value: cell, label: cell }))}
                            onChange={(cell: string) => onChange(setRule(index, { cell }))}
                          />
                        )}
                      </Field>
                    </div>
                    <Button
                      danger
                      style={{ marginTop: 30 }}
                      aria-label={t('siteEditor.adTags.messageMatch.remove', { n })}
                      onClick={() => {
                        onChange(removeRule(index))
                        setFocus('add')
                      }}
                    >
                      {t('siteEditor.adTags.messageMatch.removeShort')}
                    </Button>
                  </Flex>
                </fieldset>
              )
            })}
          </Flex>
        )}
        {listProblem && (
          <Typography.Paragraph type="danger" role="alert" style={{ margin: '0 0 8px' }}>
            {listProblem}
          </Typography.Paragraph>
        )}
        <Flex gap={8} align="center" wrap>
          <Button
            ref={add}
            disabled={readOnly || !canAdd}
            aria-describedby={canAdd ? undefined : limitId}
            onClick={() => {
              onChange(addRule(cells))
              setFocus(rules.length)
            }}
          >
            {t('siteEditor.adTags.messageMatch.add')}
          </Button>
          {!canAdd && (
            <Typography.Text type="secondary" id={limitId}>
              {t('siteEditor.adTags.messageMatch.limit', { max: MESSAGE_MATCH_LIMITS.maxRules })}
            </Typography.Text>
          )}
        </Flex>
      </Card>
    </ConfigProvider>
  )
}
