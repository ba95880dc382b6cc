import { vi } from 'vitest'

/** One PUT the code under test sent straight to storage (a presigned URL). */
export interface StoragePut {
  method: string
  url: string
  headers: Record<string, string>
  body: unknown
}

export interface MockStorageOptions {
  /** The status every PUT answers (200 unless told). */
  status?: number
  /**
   * The `ETag` response header of the `index`-th PUT (from 0), as multipart part uploads read it;
   * null sends none. Default `"etag-<index + 1>"`.
   */
  etag?: (put: StoragePut, index: number) => string | null
  /** Keep every PUT at half progress until `release()` (to cancel one under way). */
  hold?: boolean
}

/**
 * Replaces XMLHttpRequest, which uploads to presigned URLs, with a fake that reports progress and
 * answers `status` (200 unless told). Returns the uploads it saw and `release`, which finishes
 * the PUTs held by `hold`.
 */
export const mockStorage = ({
  status = 200,
  etag = (_put, index) => `"etag-${index + 1}"`,
  hold = false,
}: MockStorageOptions = {}) => {
  const puts: StoragePut[] = []
  const held: (() => void)[] = []

  class FakeXhr {
    status = 0
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    private request: StoragePut = { method: '', url: '', headers: {}, body: undefined }
    private aborted = false
    private responseEtag: string | null = null

    open(method: string, url: string) {
      this.request = { method, url, headers: {}, body: undefined }
    }

    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value
    }

    getResponseHeader(name: string): string | null {
      return this.status !== 0 && name.toLowerCase() === 'etag' ? this.responseEtag : null
    }

    send(body: unknown) {
      this.request.body = body
      const index = puts.length
      puts.push(this.request)
      const total = body instanceof Blob ? body.size : 1
      const finish = () => {
        if (this.aborted) return
        this.responseEtag = etag(this.request, index)
        this.status = status
        this.onload?.()
      }
      setTimeout(() => {
        if (this.aborted) return
        this.upload.onprogress?.({ lengthComputable: true, loaded: total / 2, total } as ProgressEvent)
        if (hold) held.push(finish)
        else setTimeout(finish, 0)
      }, 0)
    }

    abort() {
      this.aborted = true
      this.onabort?.()
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  const release = () => {
    for (const finish of held.splice(0)) finish()
  }
  return { puts, release }
}

/**
 * Records the blobs handed to the browser's download and the names their links offered, without
 * creating object URLs or navigating.
 */
export const mockDownloads = () => {
  const saved: { blob: Blob; fileName: string }[] = []
  const blobs = new Map<string, Blob>()
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    const url = `blob:test/${blobs.size + 1}`
    blobs.set(url, blob as Blob)
    return url
  })
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    const blob = blobs.get(this.getAttribute('href') ?? '')
    if (blob) saved.push({ blob, fileName: this.download })
  })
  return { saved }
}
