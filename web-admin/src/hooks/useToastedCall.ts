import { errorMessage } from '../lib/api.ts'
import { useToast } from '../lib/toast.ts'

/**
 * Runs a call whose answer carries the server's message: that message as a success toast, a
 * failure as an error toast in the reader's language. Resolves to the answer, or undefined when the
 * call failed (the toast has said why).
 */
export const useToastedCall = () => {
  const toast = useToast()
  return async <T extends { message: string }>(run: () => Promise<T>): Promise<T | undefined> => {
    try {
      const answer = await run()
      toast.success(answer.message)
      return answer
    } catch (error) {
      toast.error(errorMessage(error))
      return undefined
    }
  }
}
