/**
 * DEVELOPMENT STAND-IN, never used in production: a real OpenID Connect provider (`oidc-provider`) on
 * 127.0.0.1, for OAuth tests and for `npm start`'s demo app (which signs in "with Google" here, without
 * any account at Google): discovery, JWKS, authorization with PKCE, token, userinfo. Tests point every
 * provider of an app at it (google as an OpenID issuer, github-shaped through its endpoints and the
 * `github` scope).
 *
 * - Test users ({@link OIDC_TEST_USERS}): `alice`, `bob` and `carol` (verified emails), and `sam`, marked
 *   suspended with the claim `suspended: true`.
 * - Its login step either finishes itself (the user chosen with `loginAs`, or a denial with `denyNext`),
 *   or shows a form listing the users and a "Cancel" button (browser tests click through it).
 * - Clients: `registerClient(...)`, or over HTTP `POST /fixture/clients` with
 *   `{client_id, client_secret, redirect_uris, token_endpoint_auth_method?}` (browser tests register the
 *   callback of the app they create).
 * - Scopes and claims: `openid` (`sub`, `suspended`), `email` (`email`, `email_verified`), `profile`
 *   (`name`, `preferred_username`, `picture`), `github` (`id`, `login`, `name`, `email`: GitHub's `/user` shape).
 *
 * Run it alone with `OIDC_PORT=9905 npx tsx test/fixtures/oidc.ts` (the e2e run starts it so).
 * @module
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { randomBytes } from 'node:crypto'
import { exportJWK, generateKeyPair } from 'jose'
import Provider, { type Configuration } from 'oidc-provider'

/** A user of the fixture provider. */
export interface OidcTestUser {
  /** The subject (`sub`). */
  sub: string
  /** GitHub-shaped numeric id (`id` claim of the `github` scope). */
  id: number
  email: string
  name: string
  /** Username (`preferred_username`; `login` in the `github` scope). */
  username: string
  /** Marks an account the provider has suspended (`suspended` claim). */
  suspended?: boolean
}

/** The fixture's users. */
export const OIDC_TEST_USERS: readonly OidcTestUser[] = [
  { sub: 'alice', id: 1001, email: 'alice@oidc.test', name: 'Alice Liddell', username: 'alice' },
  { sub: 'bob', id: 1002, email: 'bob@oidc.test', name: 'Bob Builder', username: 'bob' },
  { sub: 'carol', id: 1004, email: 'carol@oidc.test', name: 'Carol Danvers', username: 'carol' },
  { sub: 'sam', id: 1003, email: 'sam@oidc.test', name: 'Sam Suspended', username: 'sam', suspended: true },
]

/** A client registration. */
export interface OidcClient {
  clientId: string
  clientSecret: string
  redirectUris: string[]
  /** @defaultValue 'client_secret_post' */
  tokenEndpointAuthMethod?: 'client_secret_post' | 'client_secret_basic'
}

/** Options of {@link startOidcProvider}. */
export interface OidcProviderOptions {
  /** @defaultValue 0 (a free port) */
  port?: number
  /** Clients registered at start. */
  clients?: OidcClient[]
  /** The heading of its login page. @defaultValue 'Sign in to the test identity provider' */
  title?: string
}

/** A running fixture provider. */
export interface OidcFixture {
  /** The issuer, `http://127.0.0.1:<port>`. */
  issuer: string
  /** Its endpoints (from its discovery document). */
  endpoints: { authorization: string; token: string; userinfo: string; jwks: string }
  users: readonly OidcTestUser[]
  /** Registers (or replaces) a client. */
  registerClient(client: OidcClient): Promise<void>
  /** From now on the login step signs this user in (and consents) by itself; null shows the form again. */
  loginAs(sub: string | null): void
  /** The next login step answers `access_denied` (as a user pressing "Cancel"). */
  denyNext(): void
  close(): Promise<void>
}

type Payload = Record<string, unknown> & { grantId?: string; userCode?: string; uid?: string; consumed?: number }

/** In-memory storage for every oidc-provider model, so clients can be added while it runs. */
function memoryAdapter() {
  const stores = new Map<string, Map<string, { payload: Payload; expiresAt: number | null }>>()
  const store = (name: string) => {
    let s = stores.get(name)
    if (!s) stores.set(name, (s = new Map()))
    return s
  }
  class MemoryAdapter {
    constructor(private readonly name: string) {}
    async upsert(id: string, payload: Payload, expiresIn?: number) {
      store(this.name).set(id, { payload, expiresAt: expiresIn ? Date.now() + expiresIn * 1000 : null })
    }
    async find(id: string) {
      const hit = store(this.name).get(id)
      if (!hit) return undefined
      if (hit.expiresAt !== null && hit.expiresAt < Date.now()) {
        store(this.name).delete(id)
        return undefined
      }
      return hit.payload
    }
    async findByUserCode(userCode: string) {
      for (const [id, v] of store(this.name)) if (v.payload.userCode === userCode) return this.find(id)
      return undefined
    }
    async findByUid(uid: string) {
      for (const [id, v] of store(this.name)) if (v.payload.uid === uid) return this.find(id)
      return undefined
    }
    async consume(id: string) {
      const hit = store(this.name).get(id)
      if (hit) hit.payload.consumed = Math.floor(Date.now() / 1000)
    }
    async destroy(id: string) {
      store(this.name).delete(id)
    }
    async revokeByGrantId(grantId: string) {
      for (const s of stores.values()) for (const [id, v] of s) if (v.payload.grantId === grantId) s.delete(id)
    }
  }
  return { MemoryAdapter, clients: () => store('Client') }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (data += chunk))
    req.on('end', () => resolve(data))
    req.on('error', reject)
  })
}

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)

/**
 * Starts the provider.
 * @param options - port and clients.
 * @returns the running fixture; `close()` it after the tests.
 * @example
 * ```ts
 * import { startOidcProvider } from '../../server/dev/oidc'
 * const oidc = await startOidcProvider()
 * await oidc.registerClient({ clientId: 'web', clientSecret: 's3cret', redirectUris: ['http://127.0.0.1:8787/cb'] })
 * oidc.loginAs('alice')
 * await oidc.close()
 * ```
 */
export async function startOidcProvider(options: OidcProviderOptions = {}): Promise<OidcFixture> {
  const { MemoryAdapter, clients } = memoryAdapter()
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const jwk = { ...(await exportJWK(privateKey)), kid: 'fixture-key-1', alg: 'RS256', use: 'sig' }
  const title = options.title ?? 'Sign in to the test identity provider'
  let autoUser: string | null = null
  let denyOnce = false

  const http: Server = createServer()
  await new Promise<void>((resolve) => http.listen(options.port ?? 0, '127.0.0.1', resolve))
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`

  const configuration: Configuration = {
    adapter: MemoryAdapter as unknown as Configuration['adapter'],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(16).toString('hex')] },
    scopes: ['openid', 'offline_access', 'email', 'profile', 'github'],
    claims: {
      openid: ['sub', 'suspended'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username', 'picture'],
      github: ['id', 'login', 'name', 'email'],
    },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    // Refresh tokens for every code grant, so tests see them in oauth_tokens.
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    async findAccount(_ctx, sub) {
      const user = OIDC_TEST_USERS.find((u) => u.sub === sub)
      if (!user) return undefined
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            suspended: user.suspended ?? false,
            email: user.email,
            email_verified: true,
            name: user.name,
            preferred_username: user.username,
            picture: `${issuer}/avatars/${sub}.png`,
            id: user.id,
            login: user.username,
          }
        },
      }
    },
    ttl: { Interaction: 600, Session: 600, Grant: 600, AccessToken: 600, AuthorizationCode: 60, IdToken: 600, RefreshToken: 3600 },
  }
  const provider = new Provider(issuer, configuration)
  // No TLS and no proxy: the fixture is plain http on 127.0.0.1.
  provider.proxy = false

  async function registerClient(client: OidcClient): Promise<void> {
    clients().set(client.clientId, {
      payload: {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: client.redirectUris,
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: client.tokenEndpointAuthMethod ?? 'client_secret_post',
      },
      expiresAt: null,
    })
  }
  for (const c of options.clients ?? []) await registerClient(c)

  /** Ends the login step: the user signs in and consents to what was asked, or cancels. */
  async function finish(req: IncomingMessage, res: ServerResponse, sub: string | null) {
    const details = await provider.interactionDetails(req, res)
    if (!sub) {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'End-User aborted interaction' })
      return
    }
    const params = details.params as Record<string, string>
    const grant = new provider.Grant({ accountId: sub, clientId: params.client_id! })
    if (params.scope) grant.addOIDCScope(params.scope)
    const grantId = await grant.save()
    await provider.interactionFinished(req, res, { login: { accountId: sub }, consent: { grantId } })
  }

  const callback = provider.callback()
  http.on('request', (req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      const url = new URL(req.url ?? '/', issuer)
      const interaction = /^\/interaction\/([^/]+)$/.exec(url.pathname)
      try {
        if (url.pathname === '/fixture/clients' && req.method === 'POST') {
          const body = JSON.parse(await readBody(req)) as Record<string, unknown>
          await registerClient({
            clientId: String(body.client_id),
            clientSecret: String(body.client_secret),
            redirectUris: (body.redirect_uris as string[]) ?? [],
            tokenEndpointAuthMethod: body.token_endpoint_auth_method as OidcClient['tokenEndpointAuthMethod'],
          })
          res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}')
          return
        }
        if (interaction && req.method === 'GET') {
          if (denyOnce) {
            denyOnce = false
            return await finish(req, res, null)
          }
          if (autoUser) return await finish(req, res, autoUser)
          const buttons = OIDC_TEST_USERS.map(
            (u) => `<button name="user" value="${esc(u.sub)}">Continue as ${esc(u.name)}</button>`,
          ).join('\n')
          res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(title)}</title></head>
<body><main><h1>${esc(title)}</h1>
<form method="post" action="/interaction/${esc(interaction[1]!)}">${buttons}
<button name="cancel" value="1">Cancel</button></form></main></body></html>`)
          return
        }
        if (interaction && req.method === 'POST') {
          const form = new URLSearchParams(await readBody(req))
          const sub = form.get('cancel') ? null : form.get('user')
          if (sub !== null && !OIDC_TEST_USERS.some((u) => u.sub === sub)) {
            res.writeHead(400, { 'content-type': 'text/plain' }).end('Unknown user')
            return
          }
          return await finish(req, res, sub)
        }
        callback(req, res)
      } catch (e) {
        res.writeHead(500, { 'content-type': 'text/plain' }).end(String(e))
      }
    })()
  })

  return {
    issuer,
    endpoints: {
      authorization: `${issuer}/auth`,
      token: `${issuer}/token`,
      userinfo: `${issuer}/me`,
      jwks: `${issuer}/jwks`,
    },
    users: OIDC_TEST_USERS,
    registerClient,
    loginAs(sub) {
      autoUser = sub
    },
    denyNext() {
      denyOnce = true
    },
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections()
        http.close(() => resolve())
      }),
  }
}
