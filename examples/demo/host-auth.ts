/**
 * The demo host app's own auth backend, standing in for whatever sign-in a real host already has.
 * It signs its users' JWTs with a demo key pair (made at start, kept in memory) and publishes the
 * public key as a JWKS, which a Portico app with the custom-token login verifies.
 *
 * Routes: `GET /host-auth/jwks.json`, `POST /host-auth/login {user}` → `{token}`,
 * `POST /host-auth/logout` → `{success: true}`.
 * @module
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose'

/** The `iss` of the demo host's tokens. */
export const HOST_AUTH_ISSUER = 'portico-demo-host'
/** The `aud` of the demo host's tokens. */
export const HOST_AUTH_AUDIENCE = 'portico-demo'
/** How long a demo host token lives. */
export const HOST_TOKEN_TTL_S = 60 * 60
/** What a demo user name may look like. */
const USER_PATTERN = /^[A-Za-z0-9_.@-]{1,64}$/
const MAX_BODY_BYTES = 4096

/** The demo host's auth backend. */
export interface HostAuth {
  /** The public JWKS. */
  jwks: { keys: JWK[] }
  /** Signs a token for a user. */
  mint(user: string): Promise<string>
  /**
   * Answers a `/host-auth/*` request.
   * @returns false when the path is not one of its routes.
   */
  handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean>
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(JSON.stringify(body))
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new Error('too large')
    chunks.push(chunk)
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}')
}

/**
 * Makes the demo host's auth backend with a fresh ES256 key pair.
 * @returns its JWKS, a token minter and a request handler for `examples/demo/serve.ts`.
 * @example
 * ```ts
 * import { createHostAuth } from './host-auth'
 * const hostAuth = await createHostAuth()
 * const token = await hostAuth.mint('ada')
 * ```
 */
export async function createHostAuth(): Promise<HostAuth> {
  const { privateKey, publicKey } = await generateKeyPair('ES256')
  const kid = `demo-${Date.now().toString(36)}`
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' }] }

  const mint = (user: string) =>
    new SignJWT({ name: user })
      .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
      .setSubject(user)
      .setIssuer(HOST_AUTH_ISSUER)
      .setAudience(HOST_AUTH_AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(`${HOST_TOKEN_TTL_S}s`)
      .sign(privateKey)

  return {
    jwks,
    mint,
    async handle(req, res, pathname) {
      if (pathname === '/host-auth/jwks.json' && req.method === 'GET') {
        send(res, 200, jwks)
        return true
      }
      if (pathname === '/host-auth/login' && req.method === 'POST') {
        let user: unknown
        try {
          user = ((await readJson(req)) as { user?: unknown } | null)?.user
        } catch {
          send(res, 400, { error: 'The body must be JSON like {"user": "ada"}.' })
          return true
        }
        if (typeof user !== 'string' || !USER_PATTERN.test(user)) {
          send(res, 400, { error: 'user must be 1 to 64 letters, digits or . _ @ -' })
          return true
        }
        send(res, 200, { token: await mint(user) })
        return true
      }
      if (pathname === '/host-auth/logout' && req.method === 'POST') {
        // The demo host keeps no server-side session: its session is the token the page holds.
        send(res, 200, { success: true })
        return true
      }
      return false
    },
  }
}
