import { PassThrough, type Readable } from 'node:stream'
import { GetObjectCommand } from '@aws-sdk/client-s3'
import yauzl from 'yauzl'
import { s3 } from './s3.ts'

/** Bytes fetched per small read (central directory, local headers): one ranged GET serves many. */
const BLOCK_BYTES = 256 * 1024
const CACHED_BLOCKS = 16

/**
 * Reads a ZIP stored in S3 without downloading it: yauzl asks for byte ranges and gets ranged
 * GetObject calls. Entry data is streamed range by range; the central directory and the local
 * headers, read in small pieces, come from a few cached 256 KiB blocks instead of one request each.
 */
export class S3ZipReader extends yauzl.RandomAccessReader {
  private readonly blocks = new Map<number, Promise<Buffer>>()

  constructor(
    private readonly bucket: string,
    private readonly key: string,
    private readonly size: number,
  ) {
    super()
  }

  override _readStreamForRange(start: number, end: number): Readable {
    const abort = new AbortController()
    let body: Readable | undefined
    const out = new PassThrough({
      destroy(error, callback) {
        abort.abort()
        body?.destroy()
        callback(error)
      },
    })
    s3.send(
      new GetObjectCommand({ Bucket: this.bucket, Key: this.key, Range: `bytes=${start}-${end - 1}` }),
      { abortSignal: abort.signal },
    ).then(
      (response) => {
        body = response.Body as Readable
        body.on('error', (error) => out.destroy(error))
        body.pipe(out)
      },
      (error: Error) => out.destroy(error),
    )
    return out
  }

  override read(
    buffer: Buffer,
    offset: number,
    length: number,
    position: number,
    callback: (err: Error | null) => void,
  ): void {
    this.range(position, length).then(
      (bytes) => {
        bytes.copy(buffer, offset)
        callback(null)
      },
      (error: Error) => callback(error),
    )
  }

  private async range(position: number, length: number): Promise<Buffer> {
    const first = Math.floor(position / BLOCK_BYTES)
    const last = Math.floor((position + length - 1) / BLOCK_BYTES)
    const parts: Buffer[] = []
    for (let index = first; index <= last; index++) parts.push(await this.block(index))
    const joined = parts.length === 1 ? parts[0]! : Buffer.concat(parts)
    const from = position - first * BLOCK_BYTES
    if (joined.length < from + length) throw new Error('unexpected EOF')
    return joined.subarray(from, from + length)
  }

  private block(index: number): Promise<Buffer> {
    let block = this.blocks.get(index)
    if (!block) {
      const start = index * BLOCK_BYTES
      const end = Math.min(this.size, start + BLOCK_BYTES) - 1
      block = s3
        .send(new GetObjectCommand({ Bucket: this.bucket, Key: this.key, Range: `bytes=${start}-${end}` }))
        .then(async (response) => Buffer.from((await response.Body?.transformToByteArray()) ?? []))
      block.catch(() => this.blocks.delete(index))
      this.blocks.set(index, block)
      if (this.blocks.size > CACHED_BLOCKS) this.blocks.delete(this.blocks.keys().next().value!)
    }
    return block
  }
}
