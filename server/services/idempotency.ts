/**
 * Idempotent retries: a `POST` that carries `privy-idempotency-key` runs once per key. The widget
 * sends one key for all the tries of one call, so a try whose answer was lost (a proxy's 502, a
 * time-out, a cut connection) and is sent again gets the first try's answer instead of running a
 * second time: one code spent, one session, one mail, one wallet.
 *
 * The first try claims the key in the database (so every server process sees it), runs, and stores
 * its answer sealed with AES-256-GCM under a key derived from the idempotency key itself and the
 * server secret: the database alone cannot open the tokens an answer holds. A try that arrives while
 * the first still runs answers 409 `resource_conflict`, which clients retry. Answers clients retry
 * (408, 409, 425, 5xx) are not kept: the key is released and the next try runs again.
 * @module
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import type { ServerApp } from '../apps'
import { errors, HttpError } from '../errors'
import type { Db } from '../storage/db'
import type { Migration } from '../storage/migrations'

/** The request header naming a call's idempotency key (the contract's header). */
export const IDEMPOTENCY_KEY_HEADER = 'privy-idempotency-key'
/** How long an answer is kept for a retry of the same call. */
export const IDEMPOTENCY_TTL_MS = 10 * 60 * 1000
/**
 * How long a claimed key waits for its first try's answer. A try still unanswered after it (its
 * process died, or its database went away) gives the key to the next try, which runs again.
 */
export const IDEMPOTENCY_LEASE_MS = 30 * 1000
/** Statuses whose answers are not kept: the client retries them, so the next try must run. */
const RETRIED_STATUSES = new Set([408, 409, 425, 500, 502, 503, 504])
/** Headers of an answer worth replaying. */
const KEPT_HEADERS = ['content-type', 'retry-after', 'location']
/** Visible ASCII, as a header value; a UUID from the widget. */
const KEY_PATTERN = /^[\x21-\x7e]{1,256}$/

/** The idempotent-requests table. */
export const idempotencyMigrations: readonly Migration[] = [
  {
    id: 'idempotency/0001_idempotent_requests',
    sql: `
CREATE TABLE idempotent_requests (
  id text PRIMARY KEY,
  app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  fingerprint text NOT NULL,
  status integer,
  answer text,
  created_at bigint NOT NULL
);
CREATE INDEX idempotent_requests_created_idx ON idempotent_requests (created_at);
`,
  },
]

/** What identifies one call besides its key: the same key with anything else changed is refused. */
export interface RequestFingerprint {
  method: string
  path: string
  authorization: string | undefined
  body: string
}

/** Runs keyed calls once (see the module's text). */
export interface IdempotencyService {
  /**
   * Runs `exec` unless this key already ran: then answers the stored answer, or 409 while the
   * first try still runs.
   * @throws 400 `invalid_data` for a malformed key, or a key used before for another request.
   */
  run(app: ServerApp, key: string, request: RequestFingerprint, exec: () => Promise<Response>): Promise<Response>
}

/**
 * Creates the service.
 * @param db - the database.
 * @param secret - the server secret (keys the stored ids and the answers' encryption).
 * @param now - the server clock.
 * @returns the service.
 */
export function createIdempotencyService(db: Db, secret: string, now: () => number): IdempotencyService {
  let sweptAt = 0

  /** Forgets answers past their time, at most once a minute per process. */
  async function sweep(t: number): Promise<void> {
    if (t - sweptAt < 60_000) return
    sweptAt = t
    await db.query('DELETE FROM idempotent_requests WHERE created_at < $1', [t - IDEMPOTENCY_TTL_MS])
  }

  return {
    async run(app, key, request, exec) {
      if (!KEY_PATTERN.test(key)) throw errors.invalidData(`${IDEMPOTENCY_KEY_HEADER} must be 1 to 256 visible ASCII characters.`)
      const id = createHmac('sha256', secret).update(`${app.id}\0${key}`).digest('hex')
      const fingerprint = createHash('sha256')
        .update([request.method, request.path, request.authorization ?? '', request.body].join('\0'))
        .digest('hex')
      const t = now()
      await sweep(t)
      // Claim the key: a new one, one whose answer expired, or one whose first try's lease ran out.
      const claimed = await db.query(
        `INSERT INTO idempotent_requests (id, app_id, fingerprint, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = NULL, answer = NULL, created_at = EXCLUDED.created_at
           WHERE idempotent_requests.created_at < $5 OR (idempotent_requests.status IS NULL AND idempotent_requests.created_at < $6)
         RETURNING id`,
        [id, app.id, fingerprint, t, t - IDEMPOTENCY_TTL_MS, t - IDEMPOTENCY_LEASE_MS],
      )
      if (!claimed[0]) return replay(id, key, fingerprint)

      let res: Response
      try {
        res = await exec()
      } catch (err) {
        if (!(err instanceof HttpError)) {
          // Unexpected (a database gone away): the next try runs again. A lost release waits out the lease.
          await release(id).catch(() => undefined)
          throw err
        }
        res = new Response(JSON.stringify(err.toBody()), { status: err.status, headers: { 'content-type': 'application/json', ...err.headers() } })
      }
      if (RETRIED_STATUSES.has(res.status)) {
        await release(id)
        return res
      }
      const headers = [
        ...KEPT_HEADERS.flatMap((h) => (res.headers.has(h) ? [[h, res.headers.get(h)!] as const] : [])),
        // Cookie session mode's cookies (sealed with the answer): a replayed refresh still rotates the cookie.
        ...res.headers.getSetCookie().map((v) => ['set-cookie', v] as const),
      ]
      const body = await res.clone().text()
      await db.query('UPDATE idempotent_requests SET status = $2, answer = $3 WHERE id = $1', [
        id,
        res.status,
        seal(key, id, JSON.stringify({ headers, body })),
      ])
      return res
    },
  }

  async function release(id: string): Promise<void> {
    await db.query('DELETE FROM idempotent_requests WHERE id = $1 AND status IS NULL', [id])
  }

  async function replay(id: string, key: string, fingerprint: string): Promise<Response> {
    const [row] = await db.query<{ fingerprint: string; status: number | null; answer: string | null }>(
      'SELECT fingerprint, status, answer FROM idempotent_requests WHERE id = $1',
      [id],
    )
    if (row && row.fingerprint !== fingerprint) {
      throw errors.invalidData(`This ${IDEMPOTENCY_KEY_HEADER} was used for another request.`)
    }
    // Still running (or released just now): the client retries a 409.
    if (!row || row.status === null || row.answer === null) throw inFlight()
    const { headers, body } = JSON.parse(open(key, id, row.answer)) as { headers: [string, string][]; body: string }
    return new Response(body, { status: row.status, headers: [...headers, ['privy-idempotent-replay', 'true']] })
  }

  function aesKey(key: string, id: string): Buffer {
    return Buffer.from(hkdfSync('sha256', key, secret, `portico idempotent answer ${id}`, 32))
  }

  function seal(key: string, id: string, plain: string): string {
    const iv = randomBytes(12)
    const cipher = createCipheriv('aes-256-gcm', aesKey(key, id), iv)
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
    return Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')
  }

  function open(key: string, id: string, sealed: string): string {
    const raw = Buffer.from(sealed, 'base64')
    const decipher = createDecipheriv('aes-256-gcm', aesKey(key, id), raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  }
}

/** 409 `resource_conflict`: the same call's first try is still running. */
function inFlight(): HttpError {
  return new HttpError(409, 'resource_conflict', 'The same request is still being processed. Please retry.')
}
