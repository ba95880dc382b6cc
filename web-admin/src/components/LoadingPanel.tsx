import { Empty, Flex, Spin } from 'antd'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ListError } from './ListError.tsx'

/**
 * The loading, failed and empty states of a block (umami's `LoadingPanel`), in a module of its own
 * so that a screen showing one small block (the summary's 最新情報) does not load the list
 * scaffold's table, search and pagers (DataGrid.tsx).
 */

/** What the scaffold reads of a TanStack query (a plain or an infinite one). */
export interface ListState {
  isPending: boolean
  isFetching: boolean
  isError: boolean
  error: unknown
  refetch: () => unknown
  isPlaceholderData?: boolean
  isFetchingNextPage?: boolean
}

/** The state of rows that came with something already loaded (nothing to wait for or retry). */
export const LOADED: ListState = {
  isPending: false,
  isFetching: false,
  isError: false,
  error: null,
  refetch: () => undefined,
}

/** What is shown while a block loads, when it failed (with retry) or has nothing, else its content. */
export const LoadingPanel = ({
  query,
  isEmpty,
  empty,
  children,
}: {
  query: ListState
  isEmpty: boolean
  empty: string
  children: ReactNode
}) => {
  const { t } = useTranslation()
  if (query.isPending)
    return (
      <Flex justify="center" style={{ padding: 24 }}>
        <Spin description={t('common.loading')} />
      </Flex>
    )
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />
  if (isEmpty) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />
  return <>{children}</>
}
