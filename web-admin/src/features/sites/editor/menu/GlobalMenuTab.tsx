import { colorSchema, MenuItemsSchema, SITE_LIMITS, type SiteLanguage } from '@swipe/shared'
import { Alert, Button, Empty, Flex, Form, Input, Tag, Typography } from 'antd'
import { useId, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { languageLabel } from '../../../../components/languageLabel.ts'
import type { GlobalMenu } from '../../api.ts'
import { type EditorTabProps, entryIndex, type FieldProblem, type SiteDraft } from '../draft.ts'
import { ColorField } from '../fields/ColorField.tsx'
import { checkAt } from '../fields/checks.ts'
import { fieldStatus, useFieldMessages } from '../fields/useFieldMessages.ts'
import { useListKeys } from '../fields/useListKeys.ts'
import { emptyMenu } from '../frame/editorModel.ts'

/** Changes the menu of `lang`, creating its entry on the first edit. */
const updateMenu =
  (lang: SiteLanguage, update: (menu: GlobalMenu) => GlobalMenu) =>
  (draft: SiteDraft): SiteDraft => {
    const index = entryIndex(draft.menus, lang)
    const menu = draft.menus[index] ?? emptyMenu(lang)
    const menus =
      index === -1 ? [...draft.menus, update(menu)] : draft.menus.map((m, i) => (i === index ? update(m) : m))
    return { ...draft, menus }
  }

const liveProblems = (menu: GlobalMenu | undefined, index: number): FieldProblem[] =>
  menu
    ? [
        ...checkAt(MenuItemsSchema, menu.items, `menus.${index}.items`),
        ...(menu.textColor === null ? [] : checkAt(colorSchema, menu.textColor, `menus.${index}.textColor`)),
      ]
    : []

/**
 * The global menu of the content language being edited (SPEC §3 Global menu): items added,
 * renamed, removed and reordered with buttons (so the keyboard can do all of it), and the text
 * colour. Whether the menu shows at all is a site setting.
 */
export const GlobalMenuTab = ({ draft, lang, onChange, readOnly, problems }: EditorTabProps) => {
  const { t } = useTranslation()
  const baseId = useId()
  const index = entryIndex(draft.menus, lang)
  const menu = draft.menus[index]
  const items = menu?.items ?? []
  // An entry not there yet gets the next index when it is created.
  const entry = index === -1 ? draft.menus.length : index
  const { messageAt, touch, untouchUnder } = useFieldMessages(problems, liveProblems(menu, entry))
  const listKeys = useListKeys(items.length)
  const controls = useRef(new Map<string, HTMLElement>())
  const language = languageLabel(t, lang)
  const change = (update: (menu: GlobalMenu) => GlobalMenu) => onChange(updateMenu(lang, update))
  const itemPath = (i: number) => `menus.${entry}.items.${i}.name`
  const listMessage = messageAt(`menus.${entry}.items`)

  const focusLater = (id: string) => requestAnimationFrame(() => controls.current.get(id)?.focus())

  const add = () => {
    const key = listKeys.added()
    change((m) => ({ ...m, items: [...m.items, { name: '' }] }))
    focusLater(`${key}-name`)
  }

  const remove = (i: number) => {
    const neighbour = listKeys.keys[i + 1] ?? listKeys.keys[i - 1]
    listKeys.removed(i)
    untouchUnder(`menus.${entry}.items`)
    change((m) => ({ ...m, items: m.items.filter((_, j) => j !== i) }))
    focusLater(neighbour ? `${neighbour}-name` : 'add')
  }

  const move = (i: number, to: number) => {
    const key = listKeys.keys[i]
    listKeys.moved(i, to)
    untouchUnder(`menus.${entry}.items`)
    change((m) => {
      const list = [...m.items]
      const [item] = list.splice(i, 1)
      if (item) list.splice(to, 0, item)
      return { ...m, items: list }
    })
    // The focus follows the item; at the top or bottom the other direction's button takes it.
    const last = items.length - 1
    const direction = to < i ? (to === 0 ? 'down' : 'up') : to === last ? 'up' : 'down'
    if (key) focusLater(`${key}-${direction}`)
  }

  const register = (id: string) => (node: HTMLElement | null) => {
    if (node) controls.current.set(id, node)
    else controls.current.delete(id)
  }

  const colorPath = `menus.${entry}.textColor`
  const colorMessage = messageAt(colorPath)

  return (
    <Form layout="vertical" disabled={readOnly} component="div" style={{ maxWidth: 720 }}>
      <Alert
        type={draft.globalSetting.displayGlobalMenu ? 'info' : 'warning'}
        showIcon
        style={{ marginBottom: 16 }}
        title={t(draft.globalSetting.displayGlobalMenu ? 'siteEditor.menu.shown' : 'siteEditor.menu.hidden')}
      />
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {t('siteEditor.menu.title', { language })}
      </Typography.Title>
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('siteEditor.menu.empty')} />
      ) : (
        <ol
          aria-label={t('siteEditor.menu.listLabel', { language })}
          style={{ listStyle: 'none', padding: 0, margin: 0 }}
        >
          {items.map((item, i) => {
            const key = listKeys.keys[i] ?? String(i)
            const path = itemPath(i)
            const message = messageAt(path)
            const name = item.name.trim() || t('siteEditor.menu.unnamed', { number: i + 1 })
            return (
              <li key={key}>
                <Form.Item
                  label={t('siteEditor.menu.item', { number: i + 1 })}
                  htmlFor={`${baseId}-${key}`}
                  {...fieldStatus(message)}
                >
                  <Flex gap={8} wrap>
                    <Input
                      id={`${baseId}-${key}`}
                      ref={(node) => register(`${key}-name`)(node?.input ?? null)}
                      value={item.name}
                      maxLength={SITE_LIMITS.text}
                      aria-invalid={Boolean(message) || undefined}
                      style={{ flex: '1 1 240px' }}
                      onChange={(event) => {
                        touch(path)
                        const value = event.target.value
                        change((m) => ({
                          ...m,
                          items: m.items.map((it, j) => (j === i ? { ...it, name: value } : it)),
                        }))
                      }}
                    />
                    <Button
                      ref={register(`${key}-up`)}
                      disabled={readOnly || i === 0}
                      aria-label={t('siteEditor.menu.moveUp', { name })}
                      onClick={() => move(i, i - 1)}
                    >
                      ↑
                    </Button>
                    <Button
                      ref={register(`${key}-down`)}
                      disabled={readOnly || i === items.length - 1}
                      aria-label={t('siteEditor.menu.moveDown', { name })}
                      onClick={() => move(i, i + 1)}
                    >
                      ↓
                    </Button>
                    <Button
                      danger
                      aria-label={t('siteEditor.menu.remove', { name })}
                      onClick={() => remove(i)}
                    >
                      {t('siteEditor.menu.removeShort')}
                    </Button>
                  </Flex>
                </Form.Item>
              </li>
            )
          })}
        </ol>
      )}
      {listMessage && (
        <Typography.Paragraph type="danger" role="alert">
          {listMessage}
        </Typography.Paragraph>
      )}
      <Button ref={register('add')} onClick={add} style={{ marginBottom: 24 }}>
        {t('siteEditor.menu.add')}
      </Button>

      <Form.Item
        label={t('siteEditor.menu.textColor')}
        htmlFor={`${baseId}-color`}
        extra={
          <>
            {t('siteEditor.menu.textColorHint')}{' '}
            {draft.globalSetting.globalMenuTextColor && <Tag>{draft.globalSetting.globalMenuTextColor}</Tag>}
          </>
        }
        {...fieldStatus(colorMessage)}
      >
        <ColorField
          id={`${baseId}-color`}
          value={menu?.textColor}
          clearable
          placeholder={t('siteEditor.color.unset')}
          invalid={Boolean(colorMessage)}
          disabled={readOnly}
          onChange={(value) => {
            touch(colorPath)
            change((m) => ({ ...m, textColor: value }))
          }}
        />
      </Form.Item>
    </Form>
  )
}
