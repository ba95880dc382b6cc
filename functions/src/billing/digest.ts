import { createHash } from 'node:crypto'

/** The SHA-256 of a stored PDF, hex: kept on the invoice so the file can be shown unaltered. */
export const sha256Hex = (data: Buffer): string => createHash('sha256').update(data).digest('hex')
