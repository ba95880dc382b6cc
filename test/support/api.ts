/** A thin API client for tests: snake_case on the wire, exactly as the console sends it. */
export const api = (baseUrl: string) => {
  const call = async (
    method: string,
    path: string,
    options: { body?: unknown; token?: string; lang?: string; headers?: Record<string, string> } = {},
  ) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.lang ? { 'x-lang': options.lang } : {}),
        ...options.headers,
      },
      ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
    })
    const text = await response.text()
    // biome-ignore lint/suspicious/noExplicitAny: test responses are asserted field by field.
    let body: any = text
    try {
      body = text ? JSON.parse(text) : undefined
    } catch {
      /* not JSON: keep the text */
    }
    return { status: response.status, headers: response.headers, text, body }
  }
  return {
    get: (path: string, options?: { token?: string; lang?: string }) => call('GET', path, options),
    post: (path: string, body?: unknown, options?: { token?: string; lang?: string }) =>
      call('POST', path, { ...options, body: body ?? {} }),
    call,
  }
}

/** The mails the local SES has captured for one address, newest last. */
export const mailsTo = async (mailUrl: string, to: string) => {
  const store = (await (await fetch(`${mailUrl}/store`)).json()) as {
    emails: Array<{
      destination: { to: string[] }
      /** Reply-To addresses as sent (`ReplyToAddresses`); empty when none. */
      replyTo?: string[]
      subject: string
      body: { text?: string; html?: string }
    }>
  }
  return store.emails.filter((mail) => mail.destination.to.includes(to))
}

/** Waits for the next mail to an address (the API sends it before answering, but stay patient). */
export const waitForMail = async (mailUrl: string, to: string, count = 1) => {
  const deadline = Date.now() + 10_000
  for (;;) {
    const mails = await mailsTo(mailUrl, to)
    if (mails.length >= count) return mails[count - 1]!
    if (Date.now() > deadline) throw new Error(`No mail #${count} to ${to}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}
