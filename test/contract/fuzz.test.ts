/**
 * Property-based fuzzing of every route the server registers (core and every first-party plugin,
 * enumerated from the server's own route list): bodies shaped by each route's request schema, and
 * bodies that are not, with no token, a garbage token and a signed-in user's token. Whatever comes
 * in, the answer is never a 5xx, an error answer has the contract's body and one of its codes, and a
 * refused request changes no row (counters of wrong codes and rate limits excepted, on the statuses
 * that report them).
 */
import fc from 'fast-check'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody, WIRE_ERROR_CODES } from '../../kernel/schemas'
import type { Db } from '../../server/storage/db'
import { IDEMPOTENCY_KEY_HEADER } from '../../server/services/idempotency'
import { createTestInstance, type TestInstance } from '../support/server'
import { firstPartyServerPlugin, serverPluginIds } from '../support/first-party'

/** Runs per route: enough to reach every branch of a schema a few times, bounded for two busy cores. */
const RUNS_PER_ROUTE = 24
/** A fixed seed: a failure names its counterexample and reproduces; change it to explore further. */
const SEED = 20_240_611

// ---------------------------------------------------------------------------------------------
// Bodies from valibot schemas
// ---------------------------------------------------------------------------------------------

interface SchemaNode {
  type: string
  entries?: Record<string, SchemaNode>
  options?: SchemaNode[] | readonly unknown[]
  wrapped?: SchemaNode
  item?: SchemaNode
  items?: SchemaNode[]
  key?: SchemaNode
  value?: SchemaNode
  literal?: unknown
  pipe?: { type: string; requirement?: unknown }[]
}

/** Strings that have broken servers before: empty, long, unicode, SQL and path shaped, numbers as text. */
const nastyString = fc.constantFrom(
  '',
  ' ',
  'x'.repeat(5000),
  "' OR 1=1 --",
  '../../etc/passwd',
  '😀',
  '\u202e',
  '0x',
  '0x' + 'f'.repeat(40),
  '-1',
  '1e309',
  'NaN',
  'null',
  '{}',
  '%00',
)

function stringArbitrary(node: SchemaNode): fc.Arbitrary<string> {
  const actions = node.pipe ?? []
  const shaped: fc.Arbitrary<string>[] = []
  for (const a of actions) {
    if (a.type === 'regex' && a.requirement instanceof RegExp) shaped.push(fc.stringMatching(a.requirement))
    if (a.type === 'email') shaped.push(fc.emailAddress())
    if (a.type === 'url') shaped.push(fc.webUrl())
  }
  // Plausible strings that pass this field's own schema (its pipe's checks, whatever they are).
  const fitting = [...new Set(fc.sample(plausibleString, { numRuns: 400, seed: SEED }))].filter((s) =>
    v.is(node as unknown as v.GenericSchema, s),
  )
  if (fitting.length > 0) shaped.push(fc.constantFrom(...fitting))
  return fc.oneof(
    ...shaped.map((arbitrary) => ({ weight: 8, arbitrary })),
    { weight: 1, arbitrary: plausibleString },
    { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
    { weight: 1, arbitrary: nastyString },
  )
}

const hex = (bytes: number) => fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => Buffer.from(b).toString('hex'))
/** Strings in the formats routes check with their own rules (addresses, codes, phone numbers, encodings). */
const plausibleString = fc.oneof(
  fc.emailAddress(),
  hex(20).map((h) => `0x${h}`),
  hex(65).map((h) => `0x${h}`),
  fc.stringMatching(/^[1-9A-HJ-NP-Za-km-z]{43,44}$/),
  fc.stringMatching(/^\d{6}$/),
  fc.constantFrom('+14155550123', '+447700900123'),
  fc.uint8Array({ minLength: 16, maxLength: 48 }).map((b) => Buffer.from(b).toString('base64url')),
  fc.uint8Array({ minLength: 16, maxLength: 48 }).map((b) => Buffer.from(b).toString('base64')),
)

/**
 * A body shaped like the schema: the right keys and types, values that may or may not pass the
 * schema's finer checks (regexes are honoured, so some pass all of them).
 */
function shaped(node: SchemaNode | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!node || depth > 6) return fc.jsonValue({ maxDepth: 2 })
  switch (node.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object':
    case 'object_with_rest': {
      const entries = node.entries ?? {}
      const record: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [k, child] of Object.entries(entries)) record[k] = shaped(child, depth + 1)
      return fc.record(record, { requiredKeys: Object.keys(entries).filter((k) => !isOptional(entries[k])) })
    }
    case 'optional':
    case 'exact_optional':
    case 'undefinedable':
      return shaped(node.wrapped, depth + 1)
    case 'nullable':
    case 'nullish':
      return fc.option(shaped(node.wrapped, depth + 1), { nil: null })
    case 'string':
      return stringArbitrary(node)
    case 'number':
      return fc.oneof(fc.nat(), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.constantFrom(0, -1, 2 ** 53))
    case 'bigint':
    case 'boolean':
      return fc.boolean()
    case 'literal':
      return fc.constant(node.literal)
    case 'picklist':
    case 'enum':
      return fc.constantFrom(...((node.options as unknown[] | undefined)?.length ? (node.options as unknown[]) : ['x']))
    case 'array':
      return fc.array(shaped(node.item, depth + 1), { maxLength: 3 })
    case 'tuple':
    case 'strict_tuple':
    case 'loose_tuple':
      return fc.tuple(...(node.items ?? []).map((i) => shaped(i, depth + 1)))
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), shaped(node.value, depth + 1), { maxKeys: 3 })
    case 'union':
    case 'variant':
      return fc.oneof(...((node.options as SchemaNode[] | undefined) ?? []).map((o) => shaped(o, depth + 1)))
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

function isOptional(node: SchemaNode | undefined): boolean {
  return node?.type === 'optional' || node?.type === 'exact_optional' || node?.type === 'nullish' || node?.type === 'undefinedable'
}

/** A raw body: shaped, shaped with one field swapped for anything, any JSON, or not JSON at all. */
function bodyArbitrary(schema: unknown): fc.Arbitrary<string | undefined> {
  const node = schema as SchemaNode
  const valid = shaped(node)
  const broken = fc
    .tuple(valid, fc.jsonValue({ maxDepth: 2 }), fc.nat())
    .map(([body, junk, pick]) => {
      if (body === null || typeof body !== 'object' || Array.isArray(body)) return junk
      const keys = Object.keys(body)
      if (keys.length === 0) return { extra: junk }
      return { ...body, [keys[pick % keys.length]!]: junk }
    })
  return fc.oneof(
    { weight: 4, arbitrary: valid.map((b) => JSON.stringify(b)) },
    { weight: 3, arbitrary: broken.map((b) => JSON.stringify(b)) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((b) => JSON.stringify(b)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
    { weight: 1, arbitrary: fc.constant(undefined) },
  )
}

/** A path segment: a plausible id, or something that is not one. */
const segment = fc.oneof(
  fc.stringMatching(/^[a-z0-9]{25}$/),
  fc.uuid(),
  fc.string({ minLength: 1, maxLength: 20 }),
  nastyString.filter((s) => s.length > 0),
)

// ---------------------------------------------------------------------------------------------
// Rows
// ---------------------------------------------------------------------------------------------

/** Tables a refused request may still change: counted wrong codes and rate limits. */
const COUNTERS = new Set(['otp_codes', 'rate_limits'])
/** Where a keyed request's answer is kept for its retries, refusals included (not user data). */
const KEPT_ANSWERS = 'idempotent_requests'
/** Statuses whose answers a retry does not replay (the try runs again). */
const RETRIED = new Set([408, 409, 425])
/** Statuses whose refusals report a counted failure (a wrong code, a spent limit). */
const COUNTED_STATUSES = new Set([401, 403, 429])

/** One digest per table of the test schema (or the in-memory database's `public`). */
async function tableDigests(db: Db): Promise<Map<string, string>> {
  const tables = await db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY 1",
  )
  const sql = tables
    .map((t) => `SELECT '${t.name}' AS name, md5(coalesce(string_agg(x::text, '|' ORDER BY x::text), '')) AS digest FROM "${t.name}" x`)
    .join(' UNION ALL ')
  const rows = await db.query<{ name: string; digest: string }>(sql)
  return new Map(rows.map((r) => [r.name, r.digest]))
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((k) => before.get(k) !== after.get(k))
}

// ---------------------------------------------------------------------------------------------

describe('every registered route under generated input', () => {
  let t: TestInstance
  let userToken: string

  beforeAll(async () => {
    t = await createTestInstance({ plugins: await Promise.all(serverPluginIds.map(firstPartyServerPlugin)) })
    userToken = await signIn()
  })
  afterAll(() => t?.close())

  async function signIn(): Promise<string> {
    const { token } = await t.login('fuzz-user@example.com')
    if (!token) throw new Error('The login answered no token')
    return token
  }

  /** The signed-in user's token, signed in again when a fuzzed call (a logout, a revoke) ended the session. */
  async function liveToken(): Promise<string> {
    const me = await t.request('/api/v1/users/me', { token: userToken })
    if (me.status !== 200) userToken = await signIn()
    return userToken
  }

  // Several hundred requests, each with two digests of every table: a generous limit for two busy cores.
  it('never answers 5xx, answers errors with the contract body and codes, and a refusal changes no row', { timeout: 240_000 }, async () => {
    const routes = t.server.routes
    expect(routes.length).toBeGreaterThan(40)
    const codes = new Set<string>(WIRE_ERROR_CODES)
    const statuses = new Map<number, number>()
    let refusals = 0

    for (const r of routes) {
      const token = fc.constantFrom<'none' | 'garbage' | 'user'>('none', 'garbage', 'user')
      const params = fc.array(segment, { minLength: 4, maxLength: 4 })
      const body = r.route.method === 'GET' ? fc.constant(undefined) : bodyArbitrary(r.schemas.request)
      await fc.assert(
        fc.asyncProperty(body, token, params, fc.boolean(), fc.option(fc.uuid()), async (raw, who, segs, ownApp, key) => {
          let i = 0
          const path = r.route.path.replace(/:([a-z_]+)/g, (_, name: string) =>
            name === 'app_id' && ownApp ? t.appId : encodeURIComponent(segs[i++ % segs.length]!),
          )
          const bearer = who === 'user' ? await liveToken() : who === 'garbage' ? 'eyJhbGciOiJFUzI1NiJ9.e30.c2ln' : undefined
          const before = await tableDigests(t.db)
          // Some requests carry an idempotency key, as the widget's retried calls do.
          const headers: Record<string, string> = key && r.route.method === 'POST' ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}
          const res = await t.request(path, { method: r.route.method, rawBody: raw, token: bearer, headers })
          const where = `${r.route.method} ${r.route.path} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 300)}`
          if (headers[IDEMPOTENCY_KEY_HEADER] && !RETRIED.has(res.status) && res.status < 500) {
            // A retry of the same call gets the first try's answer and runs nothing again.
            const between = await tableDigests(t.db)
            const again = await t.request(path, { method: r.route.method, rawBody: raw, token: bearer, headers })
            expect({ status: again.status, body: again.body }, `retry of ${where}`).toEqual({ status: res.status, body: res.body })
            expect(changedTables(between, await tableDigests(t.db)), `rows changed by a retry: ${where}`).toEqual([])
          }
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1)
          expect(res.status, where).toBeLessThan(500)
          if (res.status < 400) return
          refusals++
          expect(v.is(ErrorBody, res.body), where).toBe(true)
          if (res.status !== 404 || res.body.code !== undefined) expect(codes.has(res.body.code), where).toBe(true)
          const changed = changedTables(before, await tableDigests(t.db)).filter(
            (name) => !(COUNTERS.has(name) && COUNTED_STATUSES.has(res.status)) && name !== KEPT_ANSWERS,
          )
          expect(changed, `rows changed by a refused request: ${where}`).toEqual([])
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      )
    }
    // The generators reach both sides: refusals of every kind, and requests that pass.
    expect(refusals).toBeGreaterThan(routes.length * 5)
    expect([...statuses.keys()].some((s) => s < 300)).toBe(true)
  })

  it('answers 413 invalid_data to a body over the limit on every route that takes one, changes no row, and serves the next request', { timeout: 120_000 }, async () => {
    // Valid JSON just over the default 100 KB limit, so only its size is wrong.
    const oversize = JSON.stringify({ padding: 'x'.repeat(100 * 1024) })
    const token = await liveToken()
    const before = await tableDigests(t.db)
    const posted = t.server.routes.filter((r) => r.route.method !== 'GET')
    expect(posted.length).toBeGreaterThan(20)
    for (const r of posted) {
      const path = r.route.path.replace(/:([a-z_]+)/g, (_, name: string) => (name === 'app_id' ? t.appId : 'x'))
      const res = await t.request(path, { method: r.route.method, rawBody: oversize, token })
      const where = `${r.route.method} ${r.route.path} → ${res.status} ${JSON.stringify(res.body)?.slice(0, 200)}`
      expect(res.status, where).toBe(413)
      expect(res.body.code, where).toBe('invalid_data')
      // The next request (on the client's kept-alive connection) is answered as usual.
      expect((await t.request('/api/v1/users/me', { token })).status, where).toBe(200)
    }
    expect(changedTables(before, await tableDigests(t.db))).toEqual([])
  })
})
