import { DynamoDBClient } from '@aws-sdk/client-dynamodb'
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb'
import { Entity, Service } from 'electrodb'
import { describe, expect, it, vi } from 'vitest'
import { lazy } from './lazy.ts'
import { Sites, sitesService } from './sites.ts'

// Nothing here talks to DynamoDB: ElectroDB's `params()` builds a request without sending it.
const config = {
  table: 'lazy-test',
  client: DynamoDBDocumentClient.from(new DynamoDBClient({ region: 'ap-northeast-1' })),
}

/** A request as DynamoDB receives it: ElectroDB also keys each transaction item's own callback by a symbol. */
const wire = (params: object) => JSON.parse(JSON.stringify(params)) as unknown

const notesModel = () =>
  new Entity(
    {
      model: { entity: 'note', version: '1', service: 'lazytest' },
      attributes: {
        bookId: { type: 'string', required: true, readOnly: true },
        noteId: { type: 'string', required: true, readOnly: true },
        text: { type: 'string', required: true },
        version: { type: 'number', required: true, default: 1 },
      },
      indexes: {
        byBook: {
          collection: 'book',
          pk: { field: 'pk', composite: ['bookId'] },
          sk: { field: 'sk', composite: ['noteId'] },
        },
      },
    },
    config,
  )

const booksModel = () =>
  new Entity(
    {
      model: { entity: 'book', version: '1', service: 'lazytest' },
      attributes: {
        bookId: { type: 'string', required: true, readOnly: true },
        title: { type: 'string', required: true },
        version: { type: 'number', required: true, default: 1 },
      },
      indexes: {
        byBook: {
          collection: 'book',
          pk: { field: 'pk', composite: ['bookId'] },
          sk: { field: 'sk', composite: [] },
        },
      },
    },
    config,
  )

describe('lazy', () => {
  it('builds nothing until first used, then exactly once whatever is done with it', () => {
    const build = vi.fn(notesModel)
    const notes = lazy(build)
    expect(build).not.toHaveBeenCalled()

    expect(notes.get({ bookId: 'b1', noteId: 'n1' }).params()).toEqual({
      Key: { pk: '$lazytest#bookid_b1', sk: '$book#note_1#noteid_n1' },
      TableName: 'lazy-test',
    })
    expect('query' in notes).toBe(true)
    expect(Object.keys(notes)).toEqual(Object.keys(build.mock.results[0]!.value as object))
    ;(notes as unknown as { extra: number }).extra = 1
    expect((notes as unknown as { extra: number }).extra).toBe(1)
    expect(build).toHaveBeenCalledTimes(1)
  })

  it('stands in for the entity: instanceof, its own keys and the same requests as an eager one', () => {
    const notes = lazy(notesModel)
    const eager = notesModel()
    expect(notes).toBeInstanceOf(Entity)
    expect(Object.keys(notes).sort()).toEqual(Object.keys(eager).sort())
    const put = { bookId: 'b1', noteId: 'n1', text: 'hello' }
    expect(notes.put(put).params()).toEqual(eager.put(put).params())
    expect(notes.query.byBook({ bookId: 'b1' }).params()).toEqual(
      eager.query.byBook({ bookId: 'b1' }).params(),
    )
    // The data layer's own entities are stand-ins too.
    expect(Sites).toBeInstanceOf(Entity)
    expect(sitesService).toBeInstanceOf(Service)
  })

  it('joins a Service that is itself lazy: a transaction and a collection as an eager Service builds them', () => {
    const built: string[] = []
    const notes = lazy(() => {
      built.push('notes')
      return notesModel()
    })
    const books = lazy(() => {
      built.push('books')
      return booksModel()
    })
    const service = lazy(() => {
      built.push('service')
      return new Service({ notes, books }, config)
    })
    const eager = new Service({ notes: notesModel(), books: booksModel() }, config)
    expect(built).toEqual([])

    const writeWith = (s: typeof eager) =>
      s.transaction
        .write(({ notes: n, books: b }) => [
          b
            .patch({ bookId: 'b1' })
            .set({ title: 'Lazy' })
            .add({ version: 1 })
            .where(({ version }, { eq }) => eq(version, 3))
            .commit(),
          n.create({ bookId: 'b1', noteId: 'n1', text: 'first' }).commit(),
        ])
        .params()
    const params = writeWith(service)
    expect(built).toEqual(['service', 'notes', 'books'])
    expect(wire(params)).toEqual(wire(writeWith(eager)))
    expect(params.TransactItems).toHaveLength(2)
    expect(params.TransactItems[1]).toMatchObject({
      Put: {
        TableName: 'lazy-test',
        ConditionExpression: 'attribute_not_exists(#pk) AND attribute_not_exists(#sk)',
      },
    })
    expect(service.collections.book({ bookId: 'b1' }).params()).toEqual(
      eager.collections.book({ bookId: 'b1' }).params(),
    )
    expect(built).toEqual(['service', 'notes', 'books'])
  })

  it('can be spied on and restored like the entity (vi.spyOn defines the spy on the built object)', async () => {
    const notes = lazy(notesModel)
    const spy = vi.spyOn(notes, 'get').mockImplementation((() => 'spied') as never)
    expect(notes.get({ bookId: 'b1', noteId: 'n1' })).toBe('spied')
    spy.mockRestore()
    expect(notes.get({ bookId: 'b1', noteId: 'n1' }).params()).toEqual({
      Key: { pk: '$lazytest#bookid_b1', sk: '$book#note_1#noteid_n1' },
      TableName: 'lazy-test',
    })
  })

  it('builds again on the next use when building failed', () => {
    let attempts = 0
    const flaky = lazy(() => {
      attempts += 1
      if (attempts === 1) throw new Error('not yet')
      return { value: 42 }
    })
    expect(() => flaky.value).toThrow('not yet')
    expect(flaky.value).toBe(42)
    expect(flaky.value).toBe(42)
    expect(attempts).toBe(2)
  })
})
