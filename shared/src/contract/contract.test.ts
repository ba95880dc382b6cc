import { readFileSync } from 'node:fs'
import SwaggerParser from '@apidevtools/swagger-parser'
import { describe, expect, it } from 'vitest'
import * as z from 'zod'
import { OPENAPI_FILE, openApiText } from '../../../scripts/openapi.ts'
import { type AnyRoute, contract, contractList, routeList } from '../contract.ts'
import { openApiDocument } from './openapi.ts'

interface ParameterObject {
  name: string
  in: string
  required: boolean
}

const pathParams = (path: string) => [...path.matchAll(/\{(\w+)\+?\}/g)].map((m) => m[1]).sort()
const objectKeys = (schema: z.ZodType | undefined): string[] => {
  if (!schema) return []
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as {
    properties?: Record<string, unknown>
  }
  return Object.keys(json.properties ?? {}).sort()
}

describe('the contract', () => {
  it('gives every route of the table its schemas, and names no other', () => {
    expect(Object.keys(contract).sort()).toEqual(
      routeList()
        .map((route) => route.id)
        .sort(),
    )
    for (const route of contractList())
      expect(route, route.id).toMatchObject(routeList().find((r) => r.id === route.id)!)
  })

  it('declares the parameters each path has, no more and no fewer', () => {
    for (const route of contractList())
      expect(objectKeys(route.params), route.id).toEqual(pathParams(route.path))
  })

  it('gives every JSON answer a response schema, and CSV or empty answers none', () => {
    for (const route of contractList()) {
      if (route.responseType) expect(route.response, route.id).toBeUndefined()
      else expect(route.response, `${route.id} has no response schema`).toBeDefined()
    }
  })

  it('takes bodies only on writes, and a summary for every route', () => {
    for (const route of contractList()) {
      expect(route.summary.length, route.id).toBeGreaterThan(10)
      if (route.body) expect(['POST', 'PUT', 'PATCH', 'DELETE'], route.id).toContain(route.method)
    }
  })

  it('gives the site API, documented to owners in Japanese, a Japanese summary on every route', () => {
    const siteApi = contractList().filter((route) => route.auth === 'siteApi')
    expect(siteApi.length).toBeGreaterThan(0)
    for (const route of siteApi) expect(route.summaryJa, route.id).toMatch(/[\u3040-\u30ff\u4e00-\u9fff]/)
  })
})

describe('the OpenAPI document', () => {
  const document = openApiDocument(contractList())

  it('is valid OpenAPI 3.1', async () => {
    // The parser mutates what it validates (dereferencing): give it a copy.
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy()
    expect(document.openapi).toBe('3.1.0')
  })

  it('lists every route of the table with its request and response schemas', () => {
    const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>
    for (const route of contractList() as AnyRoute[]) {
      const path = `/api/v1${route.path.replace(/\{(\w+)\+\}/g, '{$1}')}`
      const operation = paths[path]?.[route.method.toLowerCase()]
      expect(operation, `${route.method} ${path}`).toBeDefined()
      expect(operation?.operationId).toBe(route.id)
      if (route.body) expect(operation?.requestBody, route.id).toBeDefined()
      const responses = operation?.responses as Record<string, { content?: Record<string, unknown> }>
      const success = Object.entries(responses).find(([status]) => status.startsWith('2'))?.[1]
      if (route.response) expect(Object.keys(success?.content ?? {}), route.id).toEqual(['application/json'])
    }
    const operations = Object.values(paths).flatMap((byMethod) => Object.keys(byMethod))
    expect(operations).toHaveLength(contractList().length)
  })

  it('uses the wire case: snake_case properties, as the API edge sends them', () => {
    const names: string[] = []
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk)
      else if (node && typeof node === 'object')
        for (const [key, value] of Object.entries(node)) {
          if (key === 'properties' && value && typeof value === 'object') names.push(...Object.keys(value))
          walk(value)
        }
    }
    const paths = document.paths as Record<string, Record<string, unknown>>
    for (const route of contractList())
      if (route.keys !== 'asSent')
        walk(paths[`/api/v1${route.path.replace(/\{(\w+)\+\}/g, '{$1}')}`]?.[route.method.toLowerCase()])
    expect(names.length).toBeGreaterThan(0)
    expect(names.filter((name) => /[A-Z]/.test(name))).toEqual([])
  })

  it('names each path parameter as its template does, in order, and no other', () => {
    const paths = document.paths as Record<string, Record<string, { parameters?: ParameterObject[] }>>
    let checked = 0
    for (const [path, operations] of Object.entries(paths))
      for (const [method, operation] of Object.entries(operations)) {
        const inPath = (operation.parameters ?? []).filter((p) => p.in === 'path')
        expect(
          inPath.map((p) => p.name),
          `${method} ${path}`,
        ).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))
        expect(inPath.every((p) => p.required)).toBe(true)
        checked += inPath.length
      }
    // `{siteId}` of the preview, end-user and site API routes among them.
    expect(checked).toBeGreaterThan(100)
  })

  it("documents enum-keyed records with the keys the edge sends (a plan's features)", () => {
    const text = JSON.stringify(document)
    expect(text).not.toContain('"privateDomain"')
    const limits = (document.paths as Record<string, Record<string, unknown>>)['/api/v1/site/limits']
      ?.get as {
      responses: Record<
        string,
        { content: Record<string, { schema: { properties: Record<string, unknown> } }> }
      >
    }
    const plan = limits.responses['200']?.content['application/json']?.schema.properties.plan as {
      properties: { features: { properties: Record<string, unknown>; required: string[] } }
    }
    expect(Object.keys(plan.properties.features.properties)).toEqual(plan.properties.features.required)
    expect(plan.properties.features.required).toEqual([
      'private_domain',
      'setting_popup_cta',
      'setting_form_contact',
      'analytics_effect',
      'setting_tag_seo',
      'multi_language',
    ])
  })

  it('describes every operation and tag', () => {
    const paths = document.paths as Record<string, Record<string, { description?: string }>>
    for (const operations of Object.values(paths))
      for (const operation of Object.values(operations))
        expect(operation.description?.length).toBeGreaterThan(40)
    expect(document.tags.every((tag) => tag.description.length > 10)).toBe(true)
  })

  it('is the file `npm run openapi` writes (run it after changing the contract)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(openApiText())
  })
})
