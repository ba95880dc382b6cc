import { Button, Empty, Flex, Input, Select, Table, type TableProps, Typography } from 'antd'
import type { ColumnType } from 'antd/es/table'
import { type ReactNode, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { CursorPager } from './CursorPager.tsx'
import styles from './DataGrid.module.css'
import { ListError } from './ListError.tsx'
import type { ListState } from './LoadingPanel.tsx'

/**
 * The one list scaffold of the console (umami's `DataGrid` and `LoadingPanel`): a screen says what
 * it lists — its query, filters, columns and pager — and this file says how a list looks, loads,
 * fails, empties and fits a laptop. Every list screen renders through it.
 */

export { type ListState, LOADED, LoadingPanel } from './LoadingPanel.tsx'

/**
 * A column. `collapse` marks a secondary column that folds away below 1200 px (a 1024 px laptop
 * with the menu open), so the primary columns and the actions keep their room; every other column
 * wraps its text rather than pushing the table wider than the screen.
 */
export type GridColumn<T> = ColumnType<T> & { key: string; collapse?: boolean }

/** The cursor pages of a list whose filters are `filters`: back to page 1 whenever they change. */
export const useCursorPages = (filters: unknown) => {
  const filtersKey = JSON.stringify(filters)
  const [pages, setPages] = useState<{ filtersKey: string; cursors: string[] }>({ filtersKey, cursors: [] })
  const cursors = pages.filtersKey === filtersKey ? pages.cursors : []
  return {
    /** The cursor of the page on screen (undefined on the first page). */
    cursor: cursors.at(-1),
    page: cursors.length + 1,
    previous: () => setPages({ filtersKey, cursors: cursors.slice(0, -1) }),
    next: (cursor: string | null | undefined) => {
      if (cursor) setPages({ filtersKey, cursors: [...cursors, cursor] })
    },
  }
}
export type CursorPages = ReturnType<typeof useCursorPages>

/**
 * Filters kept in the address (`?name=…&status=…`), so a reload, a shared link or coming back from
 * a detail screen shows the same list. Setting a value to '' or undefined removes it.
 */
export const useUrlFilters = () => {
  const [searchParams, setSearchParams] = useSearchParams()
  const set = (values: Record<string, string | undefined>) => {
    const next = new URLSearchParams(searchParams)
    for (const [key, value] of Object.entries(values)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    setSearchParams(next, { replace: true })
  }
  return { params: searchParams, set }
}

interface SearchBoxProps {
  label: string
  placeholder: string
  button: string
  maxLength: number
  /** The search in effect (from the address); the box starts with it. */
  value: string
  onSearch: (value: string) => void
  width?: number
}

/** The list's text search: typed freely, applied on Enter or its button, trimmed. */
export const SearchBox = ({
  label,
  placeholder,
  button,
  maxLength,
  value,
  onSearch,
  width = 320,
}: SearchBoxProps) => {
  const [text, setText] = useState(value)
  return (
    <Input.Search
      aria-label={label}
      placeholder={placeholder}
      enterButton={button}
      maxLength={maxLength}
      allowClear
      value={text}
      onChange={(event) => setText(event.target.value)}
      onSearch={(next) => onSearch(next.trim())}
      style={{ width, maxWidth: '100%' }}
    />
  )
}

interface FilterSelectProps {
  label: string
  /** The first option, '' in the address: no filter. */
  allLabel: string
  value: string | undefined
  options: { value: string; label: string }[]
  onChange: (value: string) => void
  width?: number
  loading?: boolean
}

/** A list filter that picks one value, or "all" (no filter). */
export const FilterSelect = ({
  label,
  allLabel,
  value,
  options,
  onChange,
  width = 200,
  loading,
}: FilterSelectProps) => (
  <Select
    virtual={false}
    aria-label={label}
    value={value ?? ''}
    onChange={onChange}
    loading={loading}
    options={[{ value: '', label: allLabel }, ...options]}
    style={{ width }}
  />
)

/** A row's actions: they wrap inside their column instead of widening the table. */
export const RowActions = ({ children }: { children: ReactNode }) => (
  <Flex wrap gap="4px 8px" align="center">
    {children}
  </Flex>
)

type Pager =
  /** Server cursors, one page at a time, with previous / next. */
  | { kind: 'cursor'; pages: CursorPages; nextCursor: string | null | undefined; label: string }
  /** Server cursors appended below ("show more"). */
  | { kind: 'more'; hasMore: boolean; onMore: () => void; label: string }
  /** Every row is here; the table shows `pageSize` at a time. */
  | { kind: 'client'; pageSize: number }

export interface DataGridProps<T> {
  query: ListState
  items: T[]
  columns: GridColumn<T>[]
  rowKey?: TableProps<T>['rowKey']
  /** The filters above the table (search box, selects, ranges), in a section with this label. */
  filters?: { label: string; children: ReactNode; note?: ReactNode; end?: ReactNode }
  /** The empty text: `empty` for an empty list, `noMatch` when filters are set and nothing matches. */
  empty?: string
  noMatch?: string
  filtered?: boolean
  /** Offered under the empty text of an unfiltered, empty list (e.g. "create the first"). */
  emptyAction?: ReactNode
  pager?: Pager
  size?: TableProps<T>['size']
  expandable?: TableProps<T>['expandable']
  onRow?: TableProps<T>['onRow']
}

/**
 * A list: filters, the load error with retry, the table (loading, empty, no match) and its pager.
 * Columns wrap and secondary ones collapse, so the table fits 1024 and 1366 px without scrolling
 * sideways and no column is pinned over another.
 */
export const DataGrid = <T extends object>({
  query,
  items,
  columns,
  rowKey = 'id',
  filters,
  empty,
  noMatch,
  filtered = false,
  emptyAction,
  pager,
  size = 'middle',
  expandable,
  onRow,
}: DataGridProps<T>) => {
  const { t } = useTranslation()
  const emptyText = query.isPending
    ? t('common.loading')
    : query.isError
      ? t('common.listLoadFailed')
      : filtered && noMatch
        ? noMatch
        : (empty ?? t('common.listEmpty'))
  const busy = query.isFetching && !query.isFetchingNextPage
  return (
    <>
      {filters && (
        <section aria-label={filters.label} style={{ marginBottom: 16 }}>
          <Flex justify="space-between" align="flex-start" wrap gap={16}>
            <Flex wrap gap={8} align="center">
              {filters.children}
            </Flex>
            {filters.end}
          </Flex>
          {filters.note && (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              {filters.note}
            </Typography.Paragraph>
          )}
        </section>
      )}

      {query.isError && <ListError error={query.error} onRetry={() => void query.refetch()} />}

      <Table<T>
        className={styles.grid}
        rowKey={rowKey}
        size={size}
        columns={columns.map(({ collapse, className, ...column }) => ({
          ...column,
          className:
            [className, collapse ? styles.collapse : undefined].filter(Boolean).join(' ') || undefined,
        }))}
        dataSource={items}
        loading={busy}
        pagination={pager?.kind === 'client' ? { pageSize: pager.pageSize, hideOnSinglePage: true } : false}
        expandable={expandable}
        onRow={onRow}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText}>
              {!query.isPending && !query.isError && !filtered && emptyAction}
            </Empty>
          ),
        }}
      />

      {pager?.kind === 'cursor' && (
        <CursorPager
          label={pager.label}
          previousDisabled={pager.pages.page === 1 || query.isFetching}
          nextDisabled={!pager.nextCursor || query.isFetching || Boolean(query.isPlaceholderData)}
          onPrevious={pager.pages.previous}
          onNext={() => pager.pages.next(pager.nextCursor)}
        />
      )}
      {pager?.kind === 'more' && pager.hasMore && (
        <Flex justify="center" style={{ marginTop: 16 }}>
          <Button loading={query.isFetchingNextPage} onClick={pager.onMore}>
            {pager.label}
          </Button>
        </Flex>
      )}
    </>
  )
}
