import { renderDocument } from '../../documents/render.ts'
import type { DocumentRenderer } from '../documents.ts'
import type { PlatformEnv } from '../env.ts'

/** No documents Lambda here: the PDF is drawn in this process, as the documents Lambda draws it. */
export const localDocuments = (_env: PlatformEnv): DocumentRenderer => ({ render: renderDocument })
