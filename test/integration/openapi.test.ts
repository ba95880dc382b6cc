import { readFileSync } from 'node:fs'
import { contractList } from '@swipe/shared/contract'
import { describe, expect, it } from 'vitest'
import { OPENAPI_FILE } from '../../scripts/openapi.ts'
import { useStackEnv } from '../support/env.ts'

const { urls } = useStackEnv()

describe('GET /api/v1/openapi.json', () => {
  it('answers the OpenAPI 3.1 document npm run openapi writes, to anyone, cacheable', async () => {
    const response = await fetch(`${urls.api}/openapi.json`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=300')
    const document = (await response.json()) as { paths: Record<string, object> }
    // Sent as built: the document's own keys (operationId, requestBody) are not snake_cased.
    expect(document).toEqual(JSON.parse(readFileSync(OPENAPI_FILE, 'utf8')))
    const operations = Object.values(document.paths).flatMap(Object.keys)
    expect(operations).toHaveLength(contractList().length)
  })
})
