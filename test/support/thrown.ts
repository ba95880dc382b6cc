/** What a call throws, awaited (a test's way to inspect a refusal's fields); fails when it throws nothing. */
export const thrown = async (run: () => Promise<unknown> | unknown): Promise<unknown> => {
  try {
    await run()
  } catch (error) {
    return error
  }
  throw new Error('It did not throw')
}
