/**
 * The cross-app authorization server and its `privy:<app id>` OAuth provider source, on one test
 * instance with two apps: P provides accounts, R signs its users in with them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { createHash, randomBytes } from 'node:crypto'
import { AuthenticatedUser } from '../../kernel/schemas'
import type { ServerApp } from '../../server/apps'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { oauthServer } from '../oauth/server'
import { crossAppOAuthSource, crossAppServer } from './server'
import { ConnectionsResponse, ProviderDetails, RequestCheckResponse } from './schemas'

const R_ORIGIN = 'http://localhost:5173'
const P_ORIGIN = 'http://localhost:5174'
const RETURN = `${R_ORIGIN}/?app=r`

const token = (n = 32) => randomBytes(n).toString('base64url')
const s256 = (x: string) => createHash('sha256').update(x).digest('base64url')

let t: TestInstance
let P: ServerApp
let R: ServerApp
let stranger: ServerApp
let closedProvider: ServerApp

beforeAll(async () => {
  t = await createTestInstance({
    plugins: [emailServer(), oauthServer({ logFailure: () => {}, sources: [crossAppOAuthSource()] }), crossAppServer()],
    app: { name: 'Requester', allowedOrigins: [R_ORIGIN] },
  })
  P = await t.createApp({
    name: 'Provider',
    allowedOrigins: [P_ORIGIN],
    settings: { logoUrl: 'https://provider.example/icon.png', crossApp: { providerEnabled: true, readOnly: true, authorizeUrl: `${P_ORIGIN}/?app=p` } as never },
  })
  closedProvider = await t.createApp({ name: 'Closed', allowedOrigins: [P_ORIGIN] })
  R = await t.createApp({
    name: 'Requester',
    allowedOrigins: [R_ORIGIN],
    settings: { crossApp: { providerApps: [P.id, closedProvider.id] } as never },
  })
  // Lists P but P restricts its requesters to R.
  stranger = await t.createApp({ name: 'Stranger', allowedOrigins: [R_ORIGIN], settings: { crossApp: { providerApps: [P.id] } as never } })
  // P now names R as its only requester.
  await t.db.query(`UPDATE apps SET config = jsonb_set(config, '{crossApp,allowedRequesters}', $2::jsonb) WHERE id = $1`, [
    P.id,
    JSON.stringify([R.id]),
  ])
})
afterAll(() => t.close())

interface Start {
  verifier: string
  state: string
  authorize: URL
}

/** R's init for P: the authorization URL on P's page. */
async function start(requester = R): Promise<Start> {
  const verifier = token()
  const state = token(36)
  const init = await t.request('/api/v1/oauth/init', {
    appId: requester.id,
    body: { provider: `privy:${P.id}`, redirect_to: RETURN, code_challenge: s256(verifier), state_code: state },
  })
  expect(init.status, JSON.stringify(init.body)).toBe(200)
  return { verifier, state, authorize: new URL(init.body.url) }
}

function requestOf(authorize: URL) {
  const q = authorize.searchParams
  return {
    client_id: q.get('client_id')!,
    redirect_uri: q.get('redirect_uri')!,
    state: q.get('portico_cross_app_state')!,
    code_challenge: q.get('code_challenge')!,
  }
}

/** Follows the callback redirect: the requester's page address with the `privy_oauth_*` parameters. */
async function follow(url: string): Promise<URL> {
  const res = await fetch(url, { redirect: 'manual' })
  expect(res.status).toBe(302)
  return new URL(res.headers.get('location')!)
}

describe('cross-app details and connections', () => {
  it("details give a provider app's name, icon and read-only flag", async () => {
    const res = await t.request(`/api/v1/apps/${P.id}/cross-app/details`, { appId: null })
    expect(res.status).toBe(200)
    expect(v.parse(ProviderDetails, res.body)).toEqual({
      id: P.id,
      name: 'Provider',
      icon_url: 'https://provider.example/icon.png',
      logo_url: 'https://provider.example/icon.png',
      read_only: true,
      custom_api_url: null,
    })
  })

  it('details of an app that provides no accounts answer cross_app_connection_not_allowed', async () => {
    const res = await t.request(`/api/v1/apps/${closedProvider.id}/cross-app/details`, { appId: null })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('cross_app_connection_not_allowed')
  })

  it('connections list only the provider apps the requester may use', async () => {
    const res = await t.request(`/api/v1/apps/${R.id}/cross-app/connections`, { appId: null })
    expect(res.status).toBe(200)
    expect(v.parse(ConnectionsResponse, res.body).connections).toEqual([
      {
        provider_app_id: P.id,
        provider_app_name: 'Provider',
        provider_app_icon_url: 'https://provider.example/icon.png',
        provider_app_custom_api_url: null,
        read_only: true,
      },
    ])
    const none = await t.request(`/api/v1/apps/${stranger.id}/cross-app/connections`, { appId: null })
    expect(none.body.connections).toEqual([])
  })
})

describe('cross-app round trip', () => {
  it('init for a provider app the requester does not list, or that is closed, is cross_app_connection_not_allowed', async () => {
    for (const [appId, provider] of [
      [t.appId, `privy:${P.id}`],
      [R.id, `privy:${closedProvider.id}`],
      [stranger.id, `privy:${P.id}`],
    ] as const) {
      const res = await t.request('/api/v1/oauth/init', {
        appId,
        body: { provider, redirect_to: RETURN, code_challenge: s256(token()), state_code: token(36) },
      })
      expect(res.status, `${appId} → ${provider}`).toBe(403)
      expect(res.body.code).toBe('cross_app_connection_not_allowed')
    }
  })

  it("init sends the browser to the provider app's page with the authorization request", async () => {
    const { authorize } = await start()
    expect(authorize.origin + authorize.pathname).toBe(`${P_ORIGIN}/`)
    expect(authorize.searchParams.get('app')).toBe('p')
    expect(authorize.searchParams.get('client_id')).toBe(R.id)
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/api/v1/oauth/callback/${R.id}`)
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(authorize.searchParams.get('portico_cross_app_state')).toBeTruthy()
  })

  it('a full round trip signs the user in to R with a cross_app account and the provider token', async () => {
    const provider = await t.login('ada@example.com', { appId: P.id })
    const { verifier, state, authorize } = await start()
    const request = requestOf(authorize)

    const check = await t.request('/api/v1/cross-app/request', { appId: P.id, body: request })
    expect(check.status, JSON.stringify(check.body)).toBe(200)
    const checked = v.parse(RequestCheckResponse, check.body)
    expect(checked.requester).toEqual({ id: R.id, name: 'Requester', icon_url: null })
    expect(checked.provider.read_only).toBe(true)

    const auth = await t.request('/api/v1/cross-app/authorize', { appId: P.id, token: provider.token!, body: request })
    expect(auth.status, JSON.stringify(auth.body)).toBe(200)
    const back = await follow(auth.body.redirect_url)
    expect(back.origin + back.pathname).toBe(`${R_ORIGIN}/`)
    expect(back.searchParams.get('privy_oauth_state')).toBe(state)
    expect(back.searchParams.get('privy_oauth_provider')).toBe(`privy:${P.id}`)
    const code = back.searchParams.get('privy_oauth_code')!
    expect(code).toBeTruthy()

    const res = await t.request('/api/v1/oauth/authenticate', {
      appId: R.id,
      body: { authorization_code: code, state_code: state, code_verifier: verifier },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const user = v.parse(AuthenticatedUser, res.body).user
    expect(user.id).not.toBe(provider.user.id)
    expect(user.linked_accounts).toHaveLength(1)
    expect(user.linked_accounts[0]).toMatchObject({
      type: 'cross_app',
      subject: provider.user.id,
      provider_app_id: P.id,
      embedded_wallets: [],
      smart_wallets: [],
    })
    expect(res.body.oauth_tokens).toMatchObject({ provider: `privy:${P.id}`, access_token: expect.any(String), access_token_expires_in_seconds: 3600 })

    // The provider token reads the provider user.
    const info = await t.request('/api/v1/cross-app/userinfo', {
      appId: P.id,
      headers: { authorization: `Bearer ${res.body.oauth_tokens.access_token}` },
    })
    expect(info.body).toMatchObject({ subject: provider.user.id, provider_app_id: P.id })

    // The same provider user signs in to the same R user again.
    const again = await t.request('/api/v1/cross-app/authorize', { appId: P.id, token: provider.token!, body: requestOf((await start()).authorize) })
    expect(again.status).toBe(200)
  })

  it("the provider's Cancel comes back to R as a denial (privy_oauth_code=undefined)", async () => {
    const { authorize, state } = await start()
    const check = await t.request('/api/v1/cross-app/request', { appId: P.id, body: requestOf(authorize) })
    const back = await follow(check.body.cancel_url)
    expect(back.searchParams.get('privy_oauth_code')).toBe('undefined')
    expect(back.searchParams.get('privy_oauth_state')).toBe(state)
  })

  it('authorize needs a session of the provider app', async () => {
    const { authorize } = await start()
    const res = await t.request('/api/v1/cross-app/authorize', { appId: P.id, body: requestOf(authorize) })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('missing_or_invalid_token')
  })

  it('a requester the provider does not allow is refused at request and authorize', async () => {
    const provider = await t.login('bob@example.com', { appId: P.id })
    const body = {
      client_id: stranger.id,
      redirect_uri: `${t.baseUrl}/api/v1/oauth/callback/${stranger.id}`,
      state: token(),
      code_challenge: s256(token()),
    }
    for (const path of ['/api/v1/cross-app/request', '/api/v1/cross-app/authorize']) {
      const res = await t.request(path, { appId: P.id, token: provider.token!, body })
      expect(res.status, path).toBe(403)
      expect(res.body.code).toBe('cross_app_connection_not_allowed')
    }
  })

  it("a redirect_uri that is not the requester's callback on this server is refused", async () => {
    const provider = await t.login('bob@example.com', { appId: P.id })
    const { authorize } = await start()
    for (const redirect_uri of ['https://evil.example/api/v1/oauth/callback/' + R.id, `${t.baseUrl}/api/v1/oauth/callback/${stranger.id}`]) {
      const res = await t.request('/api/v1/cross-app/authorize', {
        appId: P.id,
        token: provider.token!,
        body: { ...requestOf(authorize), redirect_uri },
      })
      expect(res.status, redirect_uri).toBeGreaterThanOrEqual(400)
      expect(res.status).toBeLessThan(500)
      expect(['invalid_data', 'cross_app_connection_not_allowed']).toContain(res.body.code)
    }
  })

  it("a redirect_uri on the request's Host rather than the server's public URL is refused", async () => {
    const provider = await t.login('host@example.com', { appId: P.id })
    const { authorize } = await start()
    // The same server reached by another name: only the configured public URL counts.
    const byHost = `http://localhost:${new URL(t.baseUrl).port}/api/v1/oauth/callback/${R.id}`
    const res = await t.request('/api/v1/cross-app/authorize', {
      appId: P.id,
      token: provider.token!,
      body: { ...requestOf(authorize), redirect_uri: byHost },
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_data')
  })

  it('the requester init needs a PKCE code_challenge and an exact redirect_to', async () => {
    const init = (body: Record<string, unknown>) =>
      t.request('/api/v1/oauth/init', { appId: R.id, body: { provider: `privy:${P.id}`, state_code: token(36), ...body } })
    const noPkce = await init({ redirect_to: RETURN })
    expect(noPkce.status).toBe(400)
    expect(noPkce.body).toMatchObject({ code: 'invalid_data', error: 'code_challenge is required (PKCE, S256).' })
    const otherPage = await init({ redirect_to: `${R_ORIGIN}/elsewhere`, code_challenge: s256(token()) })
    expect(otherPage.status).toBe(400)
    expect(otherPage.body.code).toBe('invalid_data')
  })

  describe('token', () => {
    async function codeFor(challenge: string) {
      const provider = await t.login('cy@example.com', { appId: P.id })
      const redirect_uri = `${t.baseUrl}/api/v1/oauth/callback/${R.id}`
      const auth = await t.request('/api/v1/cross-app/authorize', {
        appId: P.id,
        token: provider.token!,
        body: { client_id: R.id, redirect_uri, state: 's', code_challenge: challenge },
      })
      expect(auth.status).toBe(200)
      return { code: new URL(auth.body.redirect_url).searchParams.get('code')!, redirect_uri }
    }

    it('a code is good once', async () => {
      const verifier = token()
      const { code, redirect_uri } = await codeFor(s256(verifier))
      const body = { code, code_verifier: verifier, redirect_uri, client_id: R.id }
      const first = await t.request('/api/v1/cross-app/token', { appId: P.id, body })
      expect(first.status).toBe(200)
      expect(first.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600 })
      const second = await t.request('/api/v1/cross-app/token', { appId: P.id, body })
      expect(second.status).toBe(401)
      expect(second.body.code).toBe('invalid_credentials')
    })

    it('a verifier that does not match the challenge is invalid_pkce_parameters, and spends the code', async () => {
      const verifier = token()
      const { code, redirect_uri } = await codeFor(s256(verifier))
      const wrong = await t.request('/api/v1/cross-app/token', {
        appId: P.id,
        body: { code, code_verifier: token(), redirect_uri, client_id: R.id },
      })
      expect(wrong.status).toBe(400)
      expect(wrong.body.code).toBe('invalid_pkce_parameters')
      const right = await t.request('/api/v1/cross-app/token', {
        appId: P.id,
        body: { code, code_verifier: verifier, redirect_uri, client_id: R.id },
      })
      expect(right.body.code).toBe('invalid_credentials')
    })

    it('another redirect_uri or client_id than the code was issued for is refused', async () => {
      const verifier = token()
      for (const change of [{ redirect_uri: `${t.baseUrl}/api/v1/oauth/callback/${stranger.id}` }, { client_id: stranger.id }]) {
        const { code, redirect_uri } = await codeFor(s256(verifier))
        const res = await t.request('/api/v1/cross-app/token', {
          appId: P.id,
          body: { code, code_verifier: verifier, redirect_uri, client_id: R.id, ...change },
        })
        expect(res.status).toBe(401)
        expect(res.body.code).toBe('invalid_credentials')
      }
    })

    it('a code is only good at its provider app', async () => {
      const verifier = token()
      const { code, redirect_uri } = await codeFor(s256(verifier))
      const res = await t.request('/api/v1/cross-app/token', {
        appId: closedProvider.id,
        body: { code, code_verifier: verifier, redirect_uri, client_id: R.id },
      })
      expect(res.body.code).toBe('invalid_credentials')
    })

    it('bad input is a JSON invalid_data error', async () => {
      const res = await t.request('/api/v1/cross-app/token', { appId: P.id, body: { code: 'x' } })
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('invalid_data')
    })
  })

  it('userinfo without a valid token is missing_or_invalid_token', async () => {
    const res = await t.request('/api/v1/cross-app/userinfo', { appId: P.id, headers: { authorization: 'Bearer nope' } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('missing_or_invalid_token')
  })
})

describe('POST /cross-app/unlink', () => {
  /** Links P's user `providerEmail` to the R user signed in as `requesterEmail` through the real round trip. */
  async function linkedPair(requesterEmail: string, providerEmail: string) {
    const requester = await t.login(requesterEmail, { appId: R.id })
    const provider = await t.login(providerEmail, { appId: P.id })
    const { verifier, state, authorize } = await start()
    const auth = await t.request('/api/v1/cross-app/authorize', { appId: P.id, token: provider.token!, body: requestOf(authorize) })
    expect(auth.status, JSON.stringify(auth.body)).toBe(200)
    const code = (await follow(auth.body.redirect_url)).searchParams.get('privy_oauth_code')!
    const link = await t.request('/api/v1/oauth/link', {
      appId: R.id,
      token: requester.token!,
      body: { authorization_code: code, state_code: state, code_verifier: verifier },
    })
    expect(link.status, JSON.stringify(link.body)).toBe(200)
    expect(link.body.linked_accounts.map((a: { type: string }) => a.type).sort()).toEqual(['cross_app', 'email'])
    return { requester, subject: provider.user.id }
  }

  it("a provider user already linked to another requester user is linked_to_another_user, and stays where it is", async () => {
    const { subject } = await linkedPair('taken-r1@example.com', 'taken-p1@example.com')
    const second = await t.login('taken-r2@example.com', { appId: R.id })
    const provider = await t.login('taken-p1@example.com', { appId: P.id })
    const { verifier, state, authorize } = await start()
    const auth = await t.request('/api/v1/cross-app/authorize', { appId: P.id, token: provider.token!, body: requestOf(authorize) })
    const code = (await follow(auth.body.redirect_url)).searchParams.get('privy_oauth_code')!
    const link = await t.request('/api/v1/oauth/link', {
      appId: R.id,
      token: second.token!,
      body: { authorization_code: code, state_code: state, code_verifier: verifier },
    })
    expect(link.status, JSON.stringify(link.body)).toBe(400)
    expect(link.body.code).toBe('linked_to_another_user')
    const me = await t.request('/api/v1/users/me', { appId: R.id, token: second.token! })
    expect(me.body.user.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
    expect(subject).toBe(provider.user.id)
  })

  it('removes the cross_app account of that provider app and answers the user without it', async () => {
    const { requester, subject } = await linkedPair('unlink-r1@example.com', 'unlink-p1@example.com')
    const res = await t.request('/api/v1/cross-app/unlink', { appId: R.id, token: requester.token!, body: { provider_app_id: P.id, subject } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
    // Gone for good: a second unlink finds nothing.
    const again = await t.request('/api/v1/cross-app/unlink', { appId: R.id, token: requester.token!, body: { provider_app_id: P.id, subject } })
    expect(again.status).toBe(404)
    expect(again.body.code).toBe('linked_account_not_found')
  })

  it('a subject under another provider app id is linked_account_not_found and keeps the account', async () => {
    const { requester, subject } = await linkedPair('unlink-r2@example.com', 'unlink-p2@example.com')
    const res = await t.request('/api/v1/cross-app/unlink', {
      appId: R.id,
      token: requester.token!,
      body: { provider_app_id: closedProvider.id, subject },
    })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('linked_account_not_found')
    const me = await t.request('/api/v1/users/me', { appId: R.id, token: requester.token! })
    expect(me.status).toBe(200)
    expect(me.body.user.linked_accounts).toHaveLength(2)
  })

  it('the only account of a user is cannot_unlink_sole_account', async () => {
    const provider = await t.login('unlink-p3@example.com', { appId: P.id })
    const { verifier, state, authorize } = await start()
    const auth = await t.request('/api/v1/cross-app/authorize', { appId: P.id, token: provider.token!, body: requestOf(authorize) })
    const code = (await follow(auth.body.redirect_url)).searchParams.get('privy_oauth_code')!
    const login = await t.request('/api/v1/oauth/authenticate', {
      appId: R.id,
      body: { authorization_code: code, state_code: state, code_verifier: verifier },
    })
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    const res = await t.request('/api/v1/cross-app/unlink', {
      appId: R.id,
      token: login.body.token,
      body: { provider_app_id: P.id, subject: provider.user.id },
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('cannot_unlink_sole_account')
  })

  it('needs a session, and a malformed body is invalid_data', async () => {
    const anonymous = await t.request('/api/v1/cross-app/unlink', { appId: R.id, body: { provider_app_id: P.id, subject: 'did:privy:x' } })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.code).toBe('missing_or_invalid_token')
    const user = await t.login('unlink-r4@example.com', { appId: R.id })
    const bad = await t.request('/api/v1/cross-app/unlink', { appId: R.id, token: user.token!, body: { provider_app_id: 'nope' } })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('invalid_data')
  })
})
