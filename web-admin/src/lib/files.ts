import { i18n, tShared } from '../i18n/index.ts'
import { ApiError } from './api.ts'

/** What a file picker accepts: extensions (without the dot) and, when the browser names one, MIME types. */
export interface FileRule {
  extensions: readonly string[]
  /** MIME types to accept; a file the browser gives no type is judged by its extension alone. */
  types?: readonly string[]
  maxBytes: number
}

const extensionOf = (fileName: string): string =>
  fileName.includes('.') ? (fileName.split('.').pop()?.toLowerCase() ?? '') : ''

/**
 * The message that refuses a file before anything is sent (SPEC §5 uploads): an unsupported type
 * or an oversize file, naming the file; null when the file passes. The server checks again.
 */
export const fileProblem = (file: Pick<File, 'name' | 'size' | 'type'>, rule: FileRule): string | null => {
  const typeOk = !rule.types || file.type === '' || rule.types.includes(file.type)
  if (!rule.extensions.includes(extensionOf(file.name)) || !typeOk)
    return tShared('upload.unsupportedType', { file: file.name })
  if (file.size > rule.maxBytes)
    return tShared('upload.tooLarge', { file: file.name, maxMb: Math.round(rule.maxBytes / (1024 * 1024)) })
  return null
}

/** A presigned upload target as the API hands it out (camelCased; header names stay as sent). */
export interface PresignedUpload {
  uploadUrl: string
  key: string
  headers?: Record<string, string>
}

export interface PutFileOptions {
  /** Called with 0–100 while the bytes go up. */
  onProgress?: (percent: number) => void
  signal?: AbortSignal
}

/** Sends the bytes and settles with the finished request once storage answered 2xx. */
const sendPut = (target: PresignedUpload, file: Blob, options: PutFileOptions): Promise<XMLHttpRequest> =>
  new Promise((resolve, reject) => {
    const { onProgress, signal } = options
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'))
      return
    }
    const xhr = new XMLHttpRequest()
    const onAbort = () => xhr.abort()
    const done = () => signal?.removeEventListener('abort', onAbort)
    xhr.open('PUT', target.uploadUrl)
    for (const [name, value] of Object.entries(target.headers ?? {})) xhr.setRequestHeader(name, value)
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0)
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)))
    }
    xhr.onload = () => {
      done()
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100)
        resolve(xhr)
      } else {
        // Storage answers in XML that means nothing to the user.
        reject(new ApiError(i18n.t('upload.failed'), xhr.status, 'upload.failed'))
      }
    }
    xhr.onerror = () => {
      done()
      reject(new ApiError(i18n.t('api.noResponse'), 0, 'network'))
    }
    xhr.onabort = () => {
      done()
      reject(new DOMException('The upload was cancelled.', 'AbortError'))
    }
    signal?.addEventListener('abort', onAbort)
    xhr.send(file)
  })

/**
 * PUTs a file's bytes straight to a presigned storage URL with the headers it was signed with.
 * No bearer token: the signature is the authorisation. XMLHttpRequest, because fetch reports no
 * upload progress.
 */
export const putFile = async (
  target: PresignedUpload,
  file: Blob,
  options: PutFileOptions = {},
): Promise<void> => {
  await sendPut(target, file, options)
}

/**
 * PUTs one part of a multipart upload like `putFile` and resolves with the part's `ETag`, which
 * completing the upload needs. Storage must expose the header to the console's origin (CORS
 * `ExposeHeaders: ETag`); a part answered without one counts as a failed upload.
 */
export const putFilePart = async (
  target: PresignedUpload,
  part: Blob,
  options: PutFileOptions = {},
): Promise<string> => {
  const xhr = await sendPut(target, part, options)
  const etag = xhr.getResponseHeader('ETag')
  if (!etag) throw new ApiError(i18n.t('upload.failed'), xhr.status, 'upload.failed')
  return etag
}

/** Whether a thrown value is a cancellation (the user closed the dialog), which is no error to show. */
export const isAbort = (error: unknown): boolean =>
  error instanceof DOMException && error.name === 'AbortError'

/** Hands a file to the browser's download (an object URL on a temporary link). */
export const saveBlob = (blob: Blob, fileName: string): void => {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // Some browsers read the URL only after the click has been handled.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
