import { act, screen } from '@testing-library/react'
import { Button } from 'antd'
import { describe, expect, it, vi } from 'vitest'
import { renderWithProviders } from '../test/renderWithProviders.tsx'
import { useToast } from './toast.ts'

const Toaster = () => {
  const toast = useToast()
  return (
    <>
      <Button onClick={() => toast.success('保存しました。')}>first</Button>
      <Button onClick={() => toast.error('削除できませんでした。')}>second</Button>
    </>
  )
}

/** antd times toasts with requestAnimationFrame and Date.now: those run on a fake clock. */
const useToastClock = () =>
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'Date', 'requestAnimationFrame', 'cancelAnimationFrame'],
  })

describe('toasts', () => {
  it('shows one toast at a time, top-right, and closes it after 3 s', async () => {
    useToastClock()
    const { user } = renderWithProviders({ ui: <Toaster /> })
    await user.click(await screen.findByRole('button', { name: 'first' }))
    expect(await screen.findByText('保存しました。')).toBeTruthy()
    expect(document.querySelector('.ant-notification-topRight')).not.toBeNull()

    await user.click(screen.getByRole('button', { name: 'second' }))
    expect(await screen.findByText('削除できませんでした。')).toBeTruthy()
    expect(document.querySelectorAll('.ant-notification-notice')).toHaveLength(1)

    await act(() => vi.advanceTimersByTimeAsync(2_800))
    expect(screen.getByText('削除できませんでした。')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(400))
    expect(screen.queryByText('削除できませんでした。')).toBeNull()
  })

  it('gives a toast that replaces another its own 3 s', async () => {
    useToastClock()
    const { user } = renderWithProviders({ ui: <Toaster /> })
    await user.click(await screen.findByRole('button', { name: 'first' }))
    expect(await screen.findByText('保存しました。')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(2_500))

    // The first toast had 0.5 s left; the one replacing it starts its own 3 s.
    await user.click(screen.getByRole('button', { name: 'second' }))
    expect(await screen.findByText('削除できませんでした。')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(2_000))
    expect(screen.getByText('削除できませんでした。')).toBeTruthy()
    await act(() => vi.advanceTimersByTimeAsync(1_400))
    expect(screen.queryByText('削除できませんでした。')).toBeNull()
  })
})
