/**
 * `npm run openapi`: writes the OpenAPI 3.1 document of the contract to docs/api/openapi.json —
 * the same document the API serves at GET /api/v1/openapi.json (shared/src/contract/openapi.ts).
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { openApiDocument } from '../shared/src/contract/openapi.ts'
import { contractList } from '../shared/src/contract.ts'

export const OPENAPI_FILE = fileURLToPath(new URL('../docs/api/openapi.json', import.meta.url))

export const openApiText = (): string => `${JSON.stringify(openApiDocument(contractList()), null, 2)}\n`

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const text = openApiText()
  writeFileSync(OPENAPI_FILE, text)
  const paths = Object.keys(JSON.parse(text).paths).length
  process.stdout.write(`Wrote ${OPENAPI_FILE}: ${contractList().length} routes on ${paths} paths\n`)
}
