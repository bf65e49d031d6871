import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestInstance, type TestInstance } from '../test/support/server'
import { collectRoutes } from './plugin'
import { coreServerPlugin } from './core'
import { serverPlugins } from './cli/runtime'
import { verifyAccessToken } from './tokens'

// An app that requires its terms: a user who has not accepted them holds tokens (the consent
// screen calls the server with them) but is not signed in anywhere else.
let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({
    app: { settings: { requireUsersAcceptTerms: true, termsAndConditionsUrl: 'https://acme.test/terms' } },
    plugins: serverPlugins({}),
  })
})
afterAll(() => t.close())

const gatedRoutes = () => collectRoutes([coreServerPlugin, ...serverPlugins({})]).filter((r) => r.route.auth && !r.route.beforeTerms)
const pathOf = (path: string) => path.replace(/:app_id/g, t.appId).replace(/:[a-z_]+/g, 'x')

describe('terms consent on the server', () => {
  it('every signed-in route but the consent step answers 403 terms_not_accepted until the user accepts', async () => {
    const auth = await t.login('gate@example.com')
    expect(auth.user.has_accepted_terms).toBe(false)
    const routes = gatedRoutes()
    expect(routes.length).toBeGreaterThan(20)
    for (const r of routes) {
      const res = await t.request(pathOf(r.route.path), {
        method: r.route.method,
        token: auth.token!,
        ...(r.route.method === 'POST' ? { body: {} } : {}),
      })
      expect({ route: `${r.route.method} ${r.route.path}`, status: res.status, code: res.body?.code }).toEqual({
        route: `${r.route.method} ${r.route.path}`,
        status: 403,
        code: 'terms_not_accepted',
      })
    }
  })

  it('the consent step still works: the user, a refresh, accept_terms, then the rest opens', async () => {
    const auth = await t.login('consent@example.com')
    const me = await t.request('/api/v1/users/me', { token: auth.token! })
    expect(me.status).toBe(200)
    expect(me.body.user.has_accepted_terms).toBe(false)
    // A reload refreshes the session: it must come back (not signed in yet) so consent can be asked again.
    const refreshed = await t.request('/api/v1/sessions', { body: { refresh_token: auth.refresh_token } })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.user.has_accepted_terms).toBe(false)
    const token = refreshed.body.token as string
    expect((await t.request('/api/v1/sessions', { method: 'GET', token })).status).toBe(403)

    const accepted = await t.request('/api/v1/users/me/accept_terms', { method: 'POST', token })
    expect(accepted.status).toBe(200)
    expect(accepted.body.has_accepted_terms).toBe(true)
    const sessions = await t.request('/api/v1/sessions', { method: 'GET', token })
    expect(sessions.status).toBe(200)
    expect(sessions.body.sessions).toHaveLength(1)
  })

  it("a host backend's verifyAccessToken refuses a pending user's token (terms_not_accepted) until a refresh after Accept", async () => {
    const verify = (token: string, allowTermsPending?: boolean) =>
      verifyAccessToken(token, { appId: t.appId, verificationKey: t.app.publicPem, ...(allowTermsPending ? { allowTermsPending } : {}) })
    const auth = await t.login('host-check@example.com')
    await expect(verify(auth.token!)).rejects.toMatchObject({ code: 'terms_not_accepted' })
    // Over the JWKS too (no key given): the claim is signed, so the answer is the same.
    await expect(verifyAccessToken(auth.token!, { appId: t.appId, apiUrl: t.baseUrl })).rejects.toMatchObject({ code: 'terms_not_accepted' })
    await expect(verify(auth.token!, true)).resolves.toMatchObject({ termsPending: true, userId: auth.user.id })
    // A refresh before the acceptance still owes it.
    const before = await t.request('/api/v1/sessions', { body: { refresh_token: auth.refresh_token } })
    await expect(verify(before.body.token)).rejects.toMatchObject({ code: 'terms_not_accepted' })

    expect((await t.request('/api/v1/users/me/accept_terms', { method: 'POST', token: before.body.token })).status).toBe(200)
    // The token issued before the acceptance keeps its claim (it is signed); the next refresh drops it.
    await expect(verify(before.body.token)).rejects.toMatchObject({ code: 'terms_not_accepted' })
    const after = await t.request('/api/v1/sessions', { body: { refresh_token: before.body.refresh_token } })
    expect(after.status).toBe(200)
    await expect(verify(after.body.token)).resolves.toMatchObject({ termsPending: false, userId: auth.user.id })
  })

  it("'No thanks' logs out: the pending session's logout is accepted and its tokens stop working", async () => {
    const auth = await t.login('decline@example.com')
    const out = await t.request('/api/v1/sessions/logout', { body: { refresh_token: auth.refresh_token }, token: auth.token! })
    expect(out.status).toBe(200)
    expect((await t.request('/api/v1/users/me', { token: auth.token! })).status).toBe(401)
    expect((await t.request('/api/v1/users/me/accept_terms', { method: 'POST', token: auth.token! })).status).toBe(401)
  })

  it('accepting in 100 parallel requests succeeds for each, and only the caller is changed', async () => {
    const [mine, other] = [await t.login('race@example.com'), await t.login('bystander@example.com')]
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => t.request('/api/v1/users/me/accept_terms', { method: 'POST', token: mine.token! })),
    )
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200))
    expect((await t.request('/api/v1/users/me', { token: other.token! })).body.user.has_accepted_terms).toBe(false)
    expect((await t.request('/api/v1/sessions', { method: 'GET', token: other.token! })).body.code).toBe('terms_not_accepted')
  })

  it('an app that does not require terms lets a user who never accepted them in', async () => {
    const open = await t.createApp({ settings: { requireUsersAcceptTerms: false } })
    const auth = await t.login('open@example.com', { appId: open.id })
    expect(auth.user.has_accepted_terms).toBe(false)
    expect((await t.request('/api/v1/sessions', { method: 'GET', token: auth.token!, appId: open.id })).status).toBe(200)
    await expect(verifyAccessToken(auth.token!, { appId: open.id, verificationKey: open.publicPem })).resolves.toMatchObject({ termsPending: false })
  })
})
