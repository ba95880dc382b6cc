import { Button, Flex, Typography } from 'antd'
import { useTranslation } from 'react-i18next'

interface CursorPagerProps {
  /** "Page n", announced when it changes. */
  label: string
  previousDisabled: boolean
  nextDisabled: boolean
  onPrevious: () => void
  onNext: () => void
}

/** Previous / next buttons of a cursor-paged list, with the page number between them. */
export const CursorPager = ({
  label,
  previousDisabled,
  nextDisabled,
  onPrevious,
  onNext,
}: CursorPagerProps) => {
  const { t } = useTranslation()
  return (
    <nav aria-label={t('common.pagination')}>
      <Flex justify="flex-end" align="center" gap={8} style={{ marginTop: 16 }}>
        <Button disabled={previousDisabled} onClick={onPrevious}>
          {t('common.previousPage')}
        </Button>
        <Typography.Text aria-live="polite">{label}</Typography.Text>
        <Button disabled={nextDisabled} onClick={onNext}>
          {t('common.nextPage')}
        </Button>
      </Flex>
    </nav>
  )
}
