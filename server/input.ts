/**
 * Checks that run on every request before any route: a body over the size limit is refused with
 * 413 (and read to its end, so the keep-alive connection stays usable), and strings the database
 * cannot store (a NUL character, a lone UTF-16 surrogate) are refused with 400 `invalid_data`
 * instead of failing deep in a handler with a 500.
 * @module
 */
import type { IncomingMessage } from 'node:http'
import type { Context, MiddlewareHandler } from 'hono'
import { errors } from './errors'

/** How much of an oversize body is read and dropped to keep the connection; past it, the connection closes. */
export const OVERSIZE_DRAIN_BYTES = 1024 * 1024

/**
 * Middleware: refuses a request body larger than `maxSize` bytes with 413, code `invalid_data`.
 * The body is counted as it arrives (a missing or false `Content-Length` changes nothing). An
 * oversize body is still read to its end, up to {@link OVERSIZE_DRAIN_BYTES}, so the client's
 * next request on the same keep-alive connection is understood; a larger one gets
 * `Connection: close`. An accepted body is handed on to the route as it came. Behind the Node
 * server, a body that declares a length within the limit is read straight from the socket and put
 * in Hono's body cache (`c.req.text()`, `c.req.json()`, `c.req.arrayBuffer()` read it there):
 * turning it into a web `Request` and stream first costs more than the rest of a small request.
 * @param maxSize - the largest accepted body, in bytes.
 * @returns the middleware.
 * @example
 * ```ts
 * import { Hono } from 'hono'
 * import { limitBody } from './input'
 * const app = new Hono()
 * app.use('*', limitBody(100 * 1024))
 * ```
 */
export function limitBody(maxSize: number): MiddlewareHandler {
  const drainMax = Math.max(OVERSIZE_DRAIN_BYTES, 2 * maxSize)
  return async (c, next) => {
    const incoming = nodeIncoming(c)
    const length = c.req.header('content-length')
    const declared = Number(length)
    if (incoming && !c.req.header('transfer-encoding')) {
      // Neither header: HTTP/1.1 says there is no body.
      if (length === undefined) return next()
      if (declared <= maxSize) {
        // Node's parser ends the body at its declared length: it cannot grow past the limit.
        const bytes = await readAll(incoming, declared)
        // Hono keeps a body it has read as promises by kind (its types say values).
        const cache = c.req.bodyCache as Record<string, Promise<unknown>>
        cache.arrayBuffer = Promise.resolve(bytes.buffer)
        cache.text = Promise.resolve(new TextDecoder().decode(bytes))
        return next()
      }
    }
    const stream = c.req.raw.body
    if (!stream) return next()
    const tooLarge = (close: boolean) => {
      const res = c.json(errors.invalidData(`Request body is larger than ${maxSize} bytes.`).toBody(), 413)
      if (close) res.headers.set('connection', 'close')
      return res
    }
    if (declared > drainMax && !c.req.header('transfer-encoding')) {
      await stream.cancel().catch(() => undefined)
      return tooLarge(true)
    }
    const reader = stream.getReader()
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.length
      if (size > drainMax) {
        await reader.cancel().catch(() => undefined)
        return tooLarge(true)
      }
      if (size <= maxSize) chunks.push(value)
    }
    if (size > maxSize) return tooLarge(false)
    c.req.raw = new Request(c.req.raw, { body: concat(chunks, size) })
    return next()
  }
}

/** The Node request behind a Hono context (`@hono/node-server` passes it as `env.incoming`), if any. */
function nodeIncoming(c: Context): IncomingMessage | null {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming
  return incoming && typeof incoming.on === 'function' && !incoming.readableDidRead ? incoming : null
}

/** Reads a Node request's body to its end. */
async function readAll(incoming: IncomingMessage, size: number): Promise<Uint8Array<ArrayBuffer>> {
  if (size === 0 || incoming.readableEnded) return new Uint8Array(0)
  const chunks: Uint8Array[] = []
  let got = 0
  for await (const chunk of incoming as AsyncIterable<Uint8Array>) {
    chunks.push(chunk)
    got += chunk.length
  }
  return concat(chunks, got)
}

function concat(chunks: Uint8Array[], size: number): Uint8Array<ArrayBuffer> {
  const all = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    all.set(chunk, at)
    at += chunk.length
  }
  return all
}

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not preceded by a high one. */
const BAD_CHARACTER = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/**
 * Whether a string holds a character no text column accepts: NUL (PostgreSQL refuses it in `text`
 * and `jsonb`) or an unpaired surrogate (not encodable as UTF-8).
 * @param s - the string.
 * @returns true when `s` must be refused.
 * @example
 * ```ts
 * import { hasBadCharacter } from './input'
 * hasBadCharacter('a\u0000b') // true
 * hasBadCharacter('😀') // false
 * ```
 */
export function hasBadCharacter(s: string): boolean {
  return BAD_CHARACTER.test(s)
}

/**
 * Finds the first string in a JSON value (object keys included, at any depth) that
 * {@link hasBadCharacter} refuses.
 * @param value - a parsed JSON value.
 * @param path - where `value` sits, for the message.
 * @returns the path of the offending string (`''` for the value itself), or null when all are clean.
 * @example
 * ```ts
 * import { findBadString } from './input'
 * findBadString({ a: ['ok', 'x\u0000'] }) // 'a.1'
 * ```
 */
export function findBadString(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return hasBadCharacter(value) ? path : null
  if (value === null || typeof value !== 'object') return null
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value)
  for (const [key, child] of entries) {
    const at = path ? `${path}.${key}` : key
    if (hasBadCharacter(key)) return at
    const found = findBadString(child, at)
    if (found !== null) return found
  }
  return null
}

const BAD_CHARACTERS = new RegExp(BAD_CHARACTER.source, 'g')

/** Refuses the request; the offending characters are not echoed back (shown as U+FFFD). */
function refuse(where: string): never {
  const shown = where.replace(BAD_CHARACTERS, '\uFFFD')
  throw errors.invalidData(`${shown} contains a NUL character or an unpaired surrogate.`)
}

/**
 * Middleware: answers 400 `invalid_data` when the query, the path or a JSON body carries a string
 * that {@link hasBadCharacter} refuses. A body that is not JSON is left to the route (which answers
 * `Malformed JSON body.`); the body is read once and Hono keeps it for the route.
 * @returns the middleware.
 * @example
 * ```ts
 * import { Hono } from 'hono'
 * import { rejectBadStrings } from './input'
 * const app = new Hono()
 * app.use('*', rejectBadStrings())
 * ```
 */
export function rejectBadStrings(): MiddlewareHandler {
  return async (c, next) => {
    const url = new URL(c.req.url)
    if (hasBadCharacter(safeDecode(url.pathname))) refuse('The path')
    for (const [key, value] of url.searchParams) {
      if (hasBadCharacter(key) || hasBadCharacter(value)) refuse(`Query parameter ${key}`)
    }
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && c.req.method !== 'OPTIONS') {
      const text = await c.req.text()
      let body: unknown
      try {
        body = JSON.parse(text)
      } catch {
        return next() // not JSON: the route answers for its own format
      }
      const at = findBadString(body)
      if (at !== null) refuse(at === '' ? 'The body' : `Field ${at}`)
    }
    return next()
  }
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path)
  } catch {
    return path
  }
}
