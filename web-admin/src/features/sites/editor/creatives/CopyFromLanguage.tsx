import type { SiteLanguage } from '@swipe/shared'
import { Alert, Button, Flex, Modal, Radio, Typography } from 'antd'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Creative } from '../../api.ts'
import type { EditorTabProps } from '../draft.ts'
import { copyCreatives, creativesOf, planCopy, restoreCreatives } from './copyLanguage.ts'

interface LastCopy {
  lang: SiteLanguage
  from: SiteLanguage
  count: number
  /** The language's creatives before the copy (what 元に戻す puts back). */
  before: Creative[]
  /** The language's creatives right after it: undo is offered while they are still these. */
  after: string
}

/**
 * "Copy from another language" in the creatives tab: the chosen language's cells (media, texts,
 * links, products…) into the current language, after a confirmation that names the cells it
 * would overwrite. The copy is one draft change, undone in one step until the next edit, and
 * saved by the editor's normal save. Shown on multilingual sites only.
 */
export const CopyFromLanguage = ({
  tab,
  positions,
}: {
  tab: EditorTabProps
  positions: readonly string[]
}) => {
  const { draft, lang, onChange, readOnly } = tab
  const { t } = useTranslation()
  const [open, setOpen] = useState(false)
  const [chosen, setChosen] = useState<SiteLanguage | null>(null)
  const [last, setLast] = useState<LastCopy | null>(null)
  const others = draft.globalSetting.languages.filter((l) => l !== lang)
  if (others.length === 0) return null

  const language = (l: SiteLanguage) => t(`siteContent.langs.${l}`)
  const preferred = others.includes(draft.globalSetting.defaultLanguage)
    ? draft.globalSetting.defaultLanguage
    : others[0]!
  const from = chosen && others.includes(chosen) ? chosen : preferred
  const plan = planCopy(draft, from, lang, positions)
  const undoable =
    last !== null && last.lang === lang && JSON.stringify(creativesOf(draft, lang)) === last.after

  const copy = () => {
    const before = creativesOf(draft, lang)
    const after = JSON.stringify(creativesOf(copyCreatives(draft, from, lang, positions), lang))
    onChange((d) => copyCreatives(d, from, lang, positions))
    setLast({ lang, from, count: plan.copied.length, before, after })
    setOpen(false)
  }

  return (
    <>
      <Button disabled={readOnly} onClick={() => setOpen(true)}>
        {t('siteContent.copyLanguage.open')}
      </Button>
      {undoable && (
        <Alert
          type="success"
          showIcon
          style={{ flexBasis: '100%' }}
          title={t('siteContent.copyLanguage.done', {
            count: last.count,
            from: language(last.from),
            to: language(lang),
          })}
          action={
            <Button
              size="small"
              onClick={() => {
                onChange((d) => restoreCreatives(d, last.lang, last.before))
                setLast(null)
              }}
            >
              {t('siteContent.copyLanguage.undo')}
            </Button>
          }
          closable
          onClose={() => setLast(null)}
        />
      )}
      <Modal
        open={open}
        title={t('siteContent.copyLanguage.title', { to: language(lang) })}
        onCancel={() => setOpen(false)}
        onOk={copy}
        okText={
          plan.overwritten.length
            ? t('siteContent.copyLanguage.overwriteOk')
            : t('siteContent.copyLanguage.ok')
        }
        okButtonProps={{ disabled: plan.copied.length === 0, danger: plan.overwritten.length > 0 }}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Radio.Group
            aria-label={t('siteContent.copyLanguage.from')}
            value={from}
            onChange={(e) => setChosen(e.target.value as SiteLanguage)}
            options={others.map((l) => ({ value: l, label: language(l) }))}
          />
          <Typography.Paragraph style={{ margin: 0 }}>
            {plan.copied.length
              ? t('siteContent.copyLanguage.what', {
                  count: plan.copied.length,
                  from: language(from),
                  to: language(lang),
                })
              : t('siteContent.copyLanguage.nothing', { from: language(from) })}
          </Typography.Paragraph>
          {plan.overwritten.length > 0 && (
            <Alert
              type="warning"
              showIcon
              title={t('siteContent.copyLanguage.overwrite', {
                count: plan.overwritten.length,
                to: language(lang),
                cells: plan.overwritten.join(t('siteContent.copyLanguage.separator')),
              })}
            />
          )}
          <Typography.Text type="secondary">{t('siteContent.copyLanguage.saveNote')}</Typography.Text>
        </Flex>
      </Modal>
    </>
  )
}
