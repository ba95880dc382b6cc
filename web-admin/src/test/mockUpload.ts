import { vi } from 'vitest'

/** One PUT the code under test sent straight to storage (a presigned URL). */
export interface StoragePut {
  method: string
  url: string
  headers: Record<string, string>
  body: unknown
}

/**
 * Replaces XMLHttpRequest, which uploads to presigned URLs, with a fake that reports progress and
 * answers `status` (200 unless told). Returns the uploads it saw.
 */
export const mockStorage = ({ status = 200 }: { status?: number } = {}) => {
  const puts: StoragePut[] = []

  class FakeXhr {
    status = 0
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    onabort: (() => void) | null = null
    private request: StoragePut = { method: '', url: '', headers: {}, body: undefined }
    private aborted = false

    open(method: string, url: string) {
      this.request = { method, url, headers: {}, body: undefined }
    }

    setRequestHeader(name: string, value: string) {
      this.request.headers[name.toLowerCase()] = value
    }

    send(body: unknown) {
      this.request.body = body
      puts.push(this.request)
      const total = body instanceof Blob ? body.size : 1
      setTimeout(() => {
        if (this.aborted) return
        this.upload.onprogress?.({ lengthComputable: true, loaded: total / 2, total } as ProgressEvent)
        setTimeout(() => {
          if (this.aborted) return
          this.status = status
          this.onload?.()
        }, 0)
      }, 0)
    }

    abort() {
      this.aborted = true
      this.onabort?.()
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr)
  return { puts }
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
