import type { SiteLanguage } from '@swipe/shared'
import { Alert, Button, Flex, Modal, Segmented, Space, Tag, Typography } from 'antd'
import type { TFunction } from 'i18next'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatSiteDateTime } from '../../../../components/dates.ts'
import { PreviewFrame } from '../../preview/PreviewFrame.tsx'
import { mediaMapOf, previewInputOf } from '../../preview/previewInput.ts'
import type { VersionComparison, VersionRender } from './history-api.ts'

/**
 * The compare view of two versions (issue 33 Deliver 2; docs/decisions/0064-versions-and-rollback.md):
 * a banner over the editor says what differs — cells per language (badged on the grid), menus,
 * per-language settings and the global setting's fields — and opens both renders side by side in
 * the preview frame, each on the first changed cell of the language shown.
 */

/** The global setting's fields by the label the editor shows for them. */
const FIELD_LABELS = {
  name: 'siteEditor.settings.name',
  numberHorizontal: 'siteEditor.settings.grid',
  numberVertical: 'siteEditor.settings.grid',
  viewMode: 'siteEditor.settings.viewMode',
  faviconKey: 'siteEditor.settings.favicon',
  logoKey: 'siteEditor.settings.logo',
  defaultLanguage: 'siteEditor.settings.defaultLanguage',
  languages: 'siteEditor.history.compare.languagesField',
  globalMenuTextColor: 'siteEditor.settings.globalMenuTextColor',
  speakerColor: 'siteEditor.settings.speakerColor',
  displayLanguageIcon: 'siteEditor.settings.displayLanguageIcon',
  displayGlobalMenu: 'siteEditor.settings.displayGlobalMenu',
  creativeFit: 'siteEditor.settings.creativeFit',
  popupCtas: 'siteEditor.tabs.cta',
  adTags: 'siteEditor.tabs.tags',
} as const
type FieldLabel = (typeof FIELD_LABELS)[keyof typeof FIELD_LABELS]
const labelOf = (field: string): FieldLabel | undefined =>
  (FIELD_LABELS as Readonly<Record<string, FieldLabel | undefined>>)[field]

/** The labels of the changed global fields, each once, in the order the editor shows them. */
export const globalFieldLabels = (t: TFunction, fields: readonly string[]): string[] => {
  const keys: readonly FieldLabel[] = Object.values(FIELD_LABELS)
  const known = fields.map(labelOf).filter((k): k is FieldLabel => k !== undefined)
  const labels: string[] = [...new Set(known)]
    .sort((a, b) => keys.indexOf(a) - keys.indexOf(b))
    .map((k) => t(k))
  if (fields.some((f) => labelOf(f) === undefined)) labels.push(t('siteEditor.history.compare.otherField'))
  return labels
}

/** The version's name in the compare view: what it did and when. */
const nameOf = (t: TFunction, render: VersionRender) =>
  t('siteEditor.history.compare.versionName', {
    action: t(`siteEditor.history.actions.${render.version.action}`),
    date: formatSiteDateTime(render.version.at),
  })

/** The cells of `lang` that differ, in the grid's reading order (`JP:A1` → `A1`). */
export const changedCellsIn = (changes: VersionComparison['changes'], lang: string): string[] =>
  changes.cells.filter((cell) => cell.startsWith(`${lang}:`)).map((cell) => cell.slice(lang.length + 1))

/** One version rendered by the publish render, as the preview frame shows it. */
const VersionFrame = ({
  render,
  lang,
  start,
  title,
}: {
  render: VersionRender
  lang: SiteLanguage
  start: string | undefined
  title: string
}) => {
  const input = useMemo(
    () =>
      previewInputOf(
        {
          globalSetting: render.content.site as never,
          menus: render.content.menus,
          creatives: render.content.creatives,
          settings: render.content.settings,
        },
        mediaMapOf(render.media),
        Date.now(),
      ),
    [render],
  )
  const { t } = useTranslation()
  const languages = (render.content.site.languages as SiteLanguage[] | undefined) ?? []
  return (
    <Flex vertical gap={8} align="center" style={{ minWidth: 0 }}>
      <Typography.Text strong>{title}</Typography.Text>
      {languages.includes(lang) ? (
        <PreviewFrame
          input={input}
          lang={lang}
          device="mobile"
          membership="unlocked"
          showCta
          start={start}
          height={520}
          title={title}
        />
      ) : (
        <Typography.Text type="secondary">{t('siteEditor.history.compare.noLanguage')}</Typography.Text>
      )}
    </Flex>
  )
}

/** Both versions side by side in one language, on the changed cell chosen. */
const SideBySide = ({
  comparison,
  lang: initialLang,
  open,
  onClose,
}: {
  comparison: VersionComparison
  lang: SiteLanguage
  open: boolean
  onClose: () => void
}) => {
  const { t } = useTranslation()
  const { from, to, changes } = comparison
  const languages = [
    ...new Set([
      ...((to.content.site.languages as SiteLanguage[] | undefined) ?? []),
      ...((from.content.site.languages as SiteLanguage[] | undefined) ?? []),
    ]),
  ]
  const [lang, setLang] = useState<SiteLanguage>(
    languages.includes(initialLang) ? initialLang : languages[0]!,
  )
  const cells = changedCellsIn(changes, lang)
  const [cell, setCell] = useState<string | undefined>(undefined)
  const start = cell && cells.includes(cell) ? cell : cells[0]
  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      title={t('siteEditor.history.compare.sideBySide')}
      width="min(960px, calc(100vw - 32px))"
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        {languages.length > 1 && (
          <Segmented
            value={lang}
            onChange={(value) => setLang(value as SiteLanguage)}
            options={languages.map((l) => ({
              value: l,
              label: t(`siteEditor.languages.${l as SiteLanguage}`),
            }))}
          />
        )}
        {cells.length > 0 ? (
          <Space wrap size={4} aria-label={t('siteEditor.history.compare.changedCells')}>
            <Typography.Text>{t('siteEditor.history.compare.changedCells')}</Typography.Text>
            {cells.map((c) => (
              <Button
                key={c}
                size="small"
                type={c === start ? 'primary' : 'default'}
                onClick={() => setCell(c)}
              >
                {c}
              </Button>
            ))}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('siteEditor.history.compare.noCells')}</Typography.Text>
        )}
        <Flex gap={16} justify="center" wrap>
          <VersionFrame render={from} lang={lang} start={start} title={nameOf(t, from)} />
          <VersionFrame render={to} lang={lang} start={start} title={nameOf(t, to)} />
        </Flex>
      </Flex>
    </Modal>
  )
}

/**
 * Over the editor while two versions are compared: which they are, what differs (the grid badges
 * the cells), both renders side by side on demand, and the way out.
 */
export const CompareBanner = ({
  comparison,
  lang,
  onClose,
}: {
  comparison: VersionComparison
  /** The editor's language: the side-by-side view opens in it. */
  lang: SiteLanguage
  onClose: () => void
}) => {
  const { t } = useTranslation()
  const [sideBySide, setSideBySide] = useState(false)
  const { from, to, changes } = comparison
  const perLanguage = changes.languages
    .map((l) => ({ l, cells: changedCellsIn(changes, l).length }))
    .filter((x) => x.cells > 0)
  const fields = globalFieldLabels(t, changes.globalFields)
  const nothing =
    changes.cells.length === 0 &&
    fields.length === 0 &&
    changes.menus.length === 0 &&
    changes.settings.length === 0
  const list = (items: readonly string[]) => items.join(t('siteEditor.history.summary.separator'))
  const languageNames = (langs: readonly string[]) =>
    list(langs.map((l) => t(`siteEditor.languages.${l as SiteLanguage}`)))
  return (
    <>
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        data-testid="version-compare"
        title={t('siteEditor.history.compare.title', { from: nameOf(t, from), to: nameOf(t, to) })}
        description={
          <Flex vertical gap={4}>
            {nothing && <Typography.Text>{t('siteEditor.history.summary.none')}</Typography.Text>}
            {perLanguage.length > 0 && (
              <Typography.Text>
                {t('siteEditor.history.compare.cells', {
                  list: list(
                    perLanguage.map(({ l, cells }) =>
                      t('siteEditor.history.compare.cellsIn', {
                        language: t(`siteEditor.languages.${l as SiteLanguage}`),
                        count: cells,
                      }),
                    ),
                  ),
                })}
              </Typography.Text>
            )}
            {fields.length > 0 && (
              <Typography.Text>
                {t('siteEditor.history.compare.global', { list: list(fields) })}
              </Typography.Text>
            )}
            {changes.menus.length > 0 && (
              <Typography.Text>
                {t('siteEditor.history.compare.menus', { list: languageNames(changes.menus) })}
              </Typography.Text>
            )}
            {changes.settings.length > 0 && (
              <Typography.Text>
                {t('siteEditor.history.compare.settings', { list: languageNames(changes.settings) })}
              </Typography.Text>
            )}
            {perLanguage.length > 0 && (
              <Flex gap={4} wrap>
                <Tag color="gold">{t('siteEditor.history.compare.badge')}</Tag>
                <Typography.Text type="secondary">
                  {t('siteEditor.history.compare.badgeHelp')}
                </Typography.Text>
              </Flex>
            )}
            <Space wrap style={{ marginTop: 4 }}>
              <Button size="small" type="primary" onClick={() => setSideBySide(true)}>
                {t('siteEditor.history.compare.sideBySide')}
              </Button>
              <Button size="small" onClick={onClose}>
                {t('siteEditor.history.compare.close')}
              </Button>
            </Space>
          </Flex>
        }
      />
      {sideBySide && (
        <SideBySide comparison={comparison} lang={lang} open onClose={() => setSideBySide(false)} />
      )}
    </>
  )
}
