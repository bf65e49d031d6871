/**
 * The server half of the plugin contract (Node environment: the server runs here for real).
 */
import { afterAll, beforeAll, describe, it, expect } from 'vitest'
import * as v from 'valibot'
import { ErrorBody } from '../../kernel/schemas'
import { collectRoutes } from '../../server/plugin'
import { createTestInstance, type TestInstance } from '../support/server'
import { firstPartyServerPlugin, serverPluginIds } from '../support/first-party'

describe.each(serverPluginIds)('server plugin %s', (id) => {
  it('behavior: every POST route refuses a body its request schema rejects with 400 invalid_data', async () => {
    const server = await firstPartyServerPlugin(id)
    // The test instance checks every answer against its route's response schema (a mismatch is a 500).
    const instance = await createTestInstance({ plugins: [server] })
    try {
      for (const r of collectRoutes([server])) {
        if (r.route.method !== 'POST') continue
        const res = await instance.request(r.route.path, { method: r.route.method, body: { unexpected: 42 } })
        expect(res.status, `${r.key} with a wrong body`).toBe(400)
        expect(res.body).toMatchObject({ code: 'invalid_data' })
      }
    } finally {
      await instance.close()
    }
  })
})

/** The field names a request schema declares (objects, pipes, unions and variants), for the fuzzer. */
function fieldNames(schema: unknown): string[] {
  const s = schema as { entries?: Record<string, unknown>; options?: unknown[]; wrapped?: unknown } | null
  if (!s || typeof s !== 'object') return []
  if (s.entries) return Object.keys(s.entries)
  if (s.options) return [...new Set(s.options.flatMap(fieldNames))]
  return s.wrapped ? fieldNames(s.wrapped) : []
}

const NUL = 'a\u0000b'
const HIGH = 'a\ud800b'
const LOW = '\udc00'

describe('every registered route', () => {
  let instance: TestInstance
  beforeAll(async () => {
    instance = await createTestInstance({ plugins: await Promise.all(serverPluginIds.map(firstPartyServerPlugin)) })
  })
  afterAll(() => instance?.close())

  // Several hundred requests: a generous limit, so two busy cores do not fail it.
  it('behavior: a NUL or a lone surrogate in the query, a body field (any depth) or a key is 400 invalid_data, never 5xx', { timeout: 180_000 }, async () => {
    const routes = instance.server.routes
    expect(routes.length).toBeGreaterThan(20)
    for (const r of routes) {
      const path = r.route.path.replace(':app_id', instance.appId).replace(/:[a-z_]+/g, 'x')
      const fields = fieldNames(r.schemas.request)
      const fill = (value: unknown) => Object.fromEntries((fields.length ? fields : ['field']).map((f) => [f, value]))
      const probes: { what: string; query?: string; body?: string }[] = [
        { what: 'NUL in a query value', query: '?probe=a%00b' },
        { what: 'NUL in a query name', query: '?a%00b=1' },
      ]
      if (r.route.method !== 'GET') {
        probes.push(
          { what: 'NUL in every field', body: JSON.stringify(fill(NUL)) },
          { what: 'lone high surrogate in every field', body: JSON.stringify(fill(HIGH)) },
          { what: 'lone low surrogate deep in every field', body: JSON.stringify(fill({ a: [{ b: LOW }] })) },
          { what: 'NUL in a key', body: JSON.stringify({ ...fill('x'), [NUL]: 'x' }) },
        )
      }
      await Promise.all(
        probes.map(async (probe) => {
          const res = await instance.request(path + (probe.query ?? ''), { method: r.route.method, rawBody: probe.body })
          const where = `${r.route.method} ${r.route.path}: ${probe.what}`
          expect(res.status, where).toBe(400)
          expect(v.is(ErrorBody, res.body), where).toBe(true)
          expect(res.body.code, where).toBe('invalid_data')
        }),
      )
    }
  })
})
