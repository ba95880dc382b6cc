import { useQuery } from '@tanstack/react-query'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../lib/api.ts'
import { renderWithProviders } from '../test/renderWithProviders.tsx'
import { DataGrid, type GridColumn, SearchBox, useCursorPages, useUrlFilters } from './DataGrid.tsx'

interface Row {
  id: string
  name: string
  note: string
}

type Page = { items: Row[]; next: string | null }

const columns: GridColumn<Row>[] = [
  { key: 'name', title: '名前', dataIndex: 'name' },
  { key: 'note', title: 'メモ', dataIndex: 'note', collapse: true },
]

/** A list screen as the console writes one: a query, a search kept in the address, cursor pages. */
const Harness = ({ load }: { load: (q: string, cursor: string | undefined) => Promise<Page> }) => {
  const { params, set } = useUrlFilters()
  const q = params.get('q') ?? ''
  const pages = useCursorPages({ q })
  const list = useQuery({
    queryKey: ['rows', q, pages.cursor],
    queryFn: () => load(q, pages.cursor),
  })
  return (
    <DataGrid<Row>
      query={list}
      items={list.data?.items ?? []}
      columns={columns}
      filters={{
        label: '絞り込み',
        children: (
          <SearchBox
            label="名前で検索"
            placeholder="名前"
            button="検索"
            maxLength={50}
            value={q}
            onSearch={(value) => set({ q: value })}
          />
        ),
      }}
      empty="まだありません。"
      noMatch="一致するものはありません。"
      filtered={Boolean(q)}
      pager={{ kind: 'cursor', pages, nextCursor: list.data?.next, label: `${pages.page} ページ` }}
    />
  )
}

const row = (id: string, name: string): Row => ({ id, name, note: `${name}のメモ` })

const open = (load: (q: string, cursor: string | undefined) => Promise<Page>, at = '/rows') =>
  renderWithProviders({ at, ui: <Harness load={load} /> })

describe('DataGrid, the list scaffold', () => {
  it('says it is loading until the first page arrives, then shows the rows', async () => {
    let answer: (page: Page) => void = () => undefined
    open(() => new Promise<Page>((resolve) => (answer = resolve)))
    expect(await screen.findByText('読み込み中…')).toBeTruthy()
    answer({ items: [row('1', '青')], next: null })
    const first = await screen.findByRole('row', { name: /青/ })
    expect(
      within(first)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['青', '青のメモ'])
    expect(screen.queryByText('読み込み中…')).toBeNull()
  })

  it('shows the server message with a retry that loads again', async () => {
    const load = vi
      .fn<(q: string, cursor: string | undefined) => Promise<Page>>()
      .mockRejectedValueOnce(new ApiError('一時的に利用できません。', 500, 'common.failed'))
      .mockResolvedValueOnce({ items: [row('1', '青')], next: null })
    const { user } = open(load)
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain('一時的に利用できません。')
    expect(screen.getByText('一覧を読み込めませんでした。')).toBeTruthy()
    await user.click(within(alert).getByRole('button', { name: '再試行' }))
    expect(await screen.findByRole('row', { name: /青/ })).toBeTruthy()
    expect(screen.queryByRole('alert')).toBeNull()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('tells an empty list from a search that matches nothing', async () => {
    const { user } = open(async () => ({ items: [], next: null }))
    expect(await screen.findByText('まだありません。')).toBeTruthy()
    await user.type(screen.getByRole('searchbox', { name: '名前で検索' }), '赤{Enter}')
    expect(await screen.findByText('一致するものはありません。')).toBeTruthy()
    expect(screen.queryByText('まだありません。')).toBeNull()
  })

  it('keeps the search in the address, trimmed, and starts from it', async () => {
    const load = vi.fn(async (q: string) => ({ items: q ? [row('2', '赤')] : [row('1', '青')], next: null }))
    const { user, router } = open(load, '/rows?q=%E8%B5%A4')
    expect(await screen.findByRole('row', { name: /赤/ })).toBeTruthy()
    const box = screen.getByRole('searchbox', { name: '名前で検索' }) as HTMLInputElement
    expect(box.value).toBe('赤')
    expect(load).toHaveBeenLastCalledWith('赤', undefined)

    await user.clear(box)
    await user.type(box, '  {Enter}')
    await waitFor(() => expect(router.state.location.search).toBe(''))
    expect(await screen.findByRole('row', { name: /青/ })).toBeTruthy()
    expect(load).toHaveBeenLastCalledWith('', undefined)
  })

  it('pages forward with the next cursor and back, and starts again at page 1 when the search changes', async () => {
    const load = vi.fn(async (q: string, cursor: string | undefined) =>
      cursor === 'c2'
        ? { items: [row('2', '二ページ目')], next: null }
        : { items: [row('1', `一${q}`)], next: 'c2' },
    )
    const { user } = open(load)
    const pager = await screen.findByRole('navigation', { name: 'ページ送り' })
    await screen.findByRole('row', { name: /一/ })
    const previous = within(pager).getByRole('button', { name: '前のページ' })
    const next = within(pager).getByRole('button', { name: '次のページ' })
    expect(previous.hasAttribute('disabled')).toBe(true)
    expect(within(pager).getByText('1 ページ')).toBeTruthy()

    await user.click(next)
    expect(await screen.findByRole('row', { name: /二ページ目/ })).toBeTruthy()
    expect(load).toHaveBeenLastCalledWith('', 'c2')
    expect(within(pager).getByText('2 ページ')).toBeTruthy()
    await waitFor(() => expect(next.hasAttribute('disabled')).toBe(true))

    await user.click(previous)
    expect(await screen.findByRole('row', { name: /一/ })).toBeTruthy()
    expect(within(pager).getByText('1 ページ')).toBeTruthy()

    await user.click(next)
    await screen.findByRole('row', { name: /二ページ目/ })
    await user.type(screen.getByRole('searchbox', { name: '名前で検索' }), 'x{Enter}')
    expect(await screen.findByRole('row', { name: /一x/ })).toBeTruthy()
    expect(load).toHaveBeenLastCalledWith('x', undefined)
    expect(within(pager).getByText('1 ページ')).toBeTruthy()
  })

  it('marks secondary columns to collapse on a narrow laptop and pins no column', async () => {
    open(async () => ({ items: [row('1', '青')], next: null }))
    await screen.findByRole('row', { name: /青/ })
    const [name, note] = screen.getAllByRole('columnheader')
    expect(name?.className).not.toContain('collapse')
    expect(note?.className).toContain('collapse')
    const cells = within(screen.getByRole('row', { name: /青/ })).getAllByRole('cell')
    expect(cells[1]?.className).toContain('collapse')
    for (const cell of [name, note, ...cells]) expect(cell?.className).not.toContain('ant-table-cell-fix')
  })
})
