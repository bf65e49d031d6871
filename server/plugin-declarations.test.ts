import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { decodeJwt } from 'jose'
import { route, defineSchemas, type SchemaRoute } from '../kernel/route'
import { AuthenticatedUser } from '../kernel/schemas'
import { emailServer } from '../plugins/email/server'
import { createTestInstance, type TestInstance } from '../test/support/server'
import { createTestDb } from '../test/support/test-db'
import { main } from './cli/portico'
import {
  createServer,
  defineServerPlugin,
  defineSetting,
  DevInbox,
  errors,
  isLoginEnabled,
  readSetting,
  type LinkedAccountType,
} from './index'

const ADMIN_KEY = 'admin-key-for-plugin-declarations-0123'

// A third party's login plugin, written against the public server API only: a "badge" login that
// signs a user in with a badge number, behind its own switch and with its own setting.
const badgeSetting = defineSetting({
  key: 'badge',
  schema: v.partial(
    v.strictObject({
      prefix: v.pipe(v.string(), v.regex(/^[A-Z]{2,4}$/, 'badge.prefix is 2 to 4 capital letters.')),
      site: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
    }),
  ),
  default: { prefix: 'BDG', site: 'Head office' },
  update: 'merge',
})

const badgeAccount: LinkedAccountType = {
  type: 'badge',
  transferable: false,
  toWire: (a) => ({ badge_number: a.identityKey, site: a.details.site }),
  toIdentityToken: (a) => ({ bn: a.identityKey }),
}

const BadgeBody = v.object({ number: v.string() })
const badgeRoutes = {
  authenticate: route<SchemaRoute<typeof BadgeBody, typeof AuthenticatedUser>>('POST', '/api/v1/badge/authenticate'),
  link: route<SchemaRoute<typeof BadgeBody, typeof AuthenticatedUser.entries.user>>('POST', '/api/v1/badge/link', { auth: true }),
}

function badgeServer() {
  const accountOf = (app: Parameters<typeof readSetting>[0], number: string) => {
    const { prefix, site } = readSetting(app, badgeSetting)
    if (!number.startsWith(prefix)) throw errors.invalidData(`Badge numbers start with ${prefix}.`)
    return { type: 'badge', identityKey: number, details: { site } }
  }
  return defineServerPlugin({
    id: 'badge',
    routes: badgeRoutes,
    schemas: defineSchemas(badgeRoutes, {
      authenticate: { request: BadgeBody, response: AuthenticatedUser },
      link: { request: BadgeBody, response: AuthenticatedUser.entries.user },
    }),
    settings: [badgeSetting],
    loginSwitches: [{ name: 'badge_auth' }],
    accountTypes: [badgeAccount],
    appResponse: (app) => ({ badge_prefix: readSetting(app, badgeSetting).prefix }),
    handlers: {
      async authenticate(req, ctx) {
        if (!isLoginEnabled(ctx.app, 'badge_auth')) throw errors.disallowedLoginMethod('badge')
        return ctx.signIn(accountOf(ctx.app, req.body.number))
      },
      async link(req, ctx) {
        return ctx.users.toWire(await ctx.link(accountOf(ctx.app, req.body.number)))
      },
    },
  })
}

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({ adminKey: ADMIN_KEY, plugins: [emailServer(), badgeServer()] })
})
afterAll(() => t.close())

const admin = async (path: string, init: { method?: string; body?: unknown } = {}) => {
  const res = await fetch(`${t.baseUrl}${path}`, {
    method: init.method ?? (init.body ? 'POST' : 'GET'),
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  })
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any }
}

async function cli(args: string[]) {
  const out: string[] = []
  const err: string[] = []
  const code = await main(args, {
    out: (s) => out.push(s),
    err: (s) => err.push(s),
    env: { PORTICO_API_URL: t.baseUrl, PORTICO_ADMIN_KEY: ADMIN_KEY },
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

describe('a third-party server plugin', () => {
  it('is switched on through the admin API, and its switch and fields show in the app response', async () => {
    const created = await admin('/admin/v1/apps', {
      body: { name: 'Badges', allowed_origins: ['http://localhost:5173'], settings: { loginMethods: ['email_auth', 'badge_auth'] } },
    })
    expect(created.status).toBe(200)
    // The admin view shows the plugin's setting with its default until it is set.
    expect(created.body.settings.badge).toEqual({ prefix: 'BDG', site: 'Head office' })
    const pub = await t.request(`/api/v1/apps/${created.body.id}`, { appId: created.body.id })
    expect(pub.status).toBe(200)
    expect(pub.body).toMatchObject({ badge_auth: true, email_auth: true, badge_prefix: 'BDG', sms_auth: false, google_oauth: false })

    const off = await admin(`/admin/v1/apps/${created.body.id}`, { method: 'PATCH', body: { settings: { loginMethods: ['email_auth'] } } })
    expect(off.status).toBe(200)
    expect((await t.request(`/api/v1/apps/${created.body.id}`, { appId: created.body.id })).body.badge_auth).toBe(false)
  })

  it('takes its setting from the CLI, merged field by field, and checked by its own schema', async () => {
    const made = await cli(['apps', 'create', '--name', 'Badges CLI', '--login-methods', 'badge_auth', '--json'])
    expect(made.code, made.err).toBe(0)
    const id = (JSON.parse(made.out) as { id: string }).id
    const set = await cli(['apps', 'set', id, 'badge.prefix=ACME'])
    expect(set.code, set.err).toBe(0)
    const again = await cli(['apps', 'set', id, 'badge.site=Lab'])
    expect(again.code, again.err).toBe(0)
    expect((await admin(`/admin/v1/apps/${id}`)).body.settings.badge).toEqual({ prefix: 'ACME', site: 'Lab' })

    const bad = await cli(['apps', 'set', id, 'badge.prefix=acme'])
    expect(bad.code).toBe(1)
    expect(bad.err).toMatch(/badge\.prefix is 2 to 4 capital letters\..*\(invalid_data\)/)
    const unknownField = await admin(`/admin/v1/apps/${id}`, { method: 'PATCH', body: { settings: { badge: { colour: 'red' } } } })
    expect(unknownField.status).toBe(400)
    expect((await admin(`/admin/v1/apps/${id}`)).body.settings.badge).toEqual({ prefix: 'ACME', site: 'Lab' })

    const pub = await t.request(`/api/v1/apps/${id}`, { appId: id })
    expect(pub.body).toMatchObject({ badge_auth: true, badge_prefix: 'ACME' })
  })

  it('signs a user in; /users/me and the identity token show the account as the plugin serialises it', async () => {
    const id = (await admin('/admin/v1/apps', { body: { name: 'Badge login', settings: { loginMethods: ['badge_auth'], badge: { site: 'Dock 4' } } } })).body.id
    const login = await t.request('/api/v1/badge/authenticate', { appId: id, body: { number: 'BDG-0042' } })
    expect(login.status, JSON.stringify(login.body)).toBe(200)
    expect(login.body.is_new_user).toBe(true)

    const me = await t.request('/api/v1/users/me', { appId: id, token: login.body.token })
    expect(me.status).toBe(200)
    expect(me.body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'badge', badge_number: 'BDG-0042', site: 'Dock 4', verified_at: expect.any(Number) }),
    ])
    const claims = decodeJwt(me.body.identity_token as string)
    expect(JSON.parse(claims.linked_accounts as string)).toEqual([{ type: 'badge', bn: 'BDG-0042', lv: expect.any(Number) }])
  })

  it('refuses the login while its switch is off', async () => {
    const id = (await admin('/admin/v1/apps', { body: { name: 'No badges', settings: { loginMethods: ['email_auth'] } } })).body.id
    const res = await t.request('/api/v1/badge/authenticate', { appId: id, body: { number: 'BDG-1' } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('disallowed_login_method')
  })

  it('keeps an account of a type declared not transferable with its owner on a link conflict', async () => {
    const id = (await admin('/admin/v1/apps', { body: { name: 'Badge links', settings: { loginMethods: ['email_auth', 'badge_auth'] } } })).body.id
    await t.request('/api/v1/badge/authenticate', { appId: id, body: { number: 'BDG-7' } })
    const other = await t.login('linker@example.com', { appId: id })
    const res = await t.request('/api/v1/badge/link', { appId: id, token: other.token!, body: { number: 'BDG-7' } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('linked_to_another_user')
  })
})

describe('the admin API and the app response without a plugin', () => {
  it('refuses a switch no registered plugin declares, and reports a stored one off', async () => {
    const res = await admin('/admin/v1/apps', { body: { name: 'Typo', settings: { loginMethods: ['sms_auth'] } } })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'invalid_data' })
    expect(res.body.error).toMatch(/sms_auth/)
    // Stored by other means (a server that had the plugin): the switch is off while no plugin serves it.
    const app = await t.createApp({ settings: { loginMethods: ['email_auth', 'sms_auth'] } })
    const pub = await t.request(`/api/v1/apps/${app.id}`, { appId: app.id })
    expect(pub.body).toMatchObject({ email_auth: true, sms_auth: false })
  })

  it('refuses to start with two plugins declaring the same setting or switch', async () => {
    const db = await createTestDb()
    const twin = (id: string) => defineServerPlugin({ id, routes: {}, schemas: {}, handlers: {}, settings: [badgeSetting] })
    await expect(createServer({ db, mail: new DevInbox(), secret: 's', migrate: false, plugins: [twin('a'), twin('b')] })).rejects.toThrow(
      /Setting "badge" of plugin "b" is already declared by plugin "a"/,
    )
    const core = defineServerPlugin({ id: 'c', routes: {}, schemas: {}, handlers: {}, settings: [{ ...badgeSetting, key: 'maxUsers' }] })
    await expect(createServer({ db, mail: new DevInbox(), secret: 's', migrate: false, plugins: [core] })).rejects.toThrow(/already declared by the core/)
    const switches = (id: string) => defineServerPlugin({ id, routes: {}, schemas: {}, handlers: {}, loginSwitches: [{ name: 'badge_auth' }] })
    await expect(createServer({ db, mail: new DevInbox(), secret: 's', migrate: false, plugins: [switches('a'), switches('b')] })).rejects.toThrow(
      /Login switch "badge_auth"/,
    )
    await db.close()
  })

  it('refuses a page at a path another plugin serves, and a family of account types that locks its accounts', async () => {
    const db = await createTestDb()
    const page = (id: string) =>
      defineServerPlugin({
        id,
        routes: {},
        schemas: {},
        handlers: {},
        pages: [{ path: '/apps/:app_id/badge', handler: () => ({ status: 200, headers: {}, body: '' }) }],
      })
    await expect(createServer({ db, mail: new DevInbox(), secret: 's', migrate: false, plugins: [page('a'), page('b')] })).rejects.toThrow(
      /GET \/apps\/:app_id\/badge is registered twice \(plugin "b"\)/,
    )
    const family = defineServerPlugin({
      id: 'f',
      routes: {},
      schemas: {},
      handlers: {},
      accountTypes: [{ type: 'badge:*', locked: () => ({ code: 'invalid_data', message: 'kept' }) }],
    })
    await expect(createServer({ db, mail: new DevInbox(), secret: 's', migrate: false, plugins: [family] })).rejects.toThrow(/cannot lock its accounts/)
    await db.close()
  })

  it('refuses a user field that another plugin, or the core, declares, or that would replace an identity token claim', async () => {
    const db = await createTestDb()
    const field = (id: string, name: string, identityToken = false) =>
      defineServerPlugin({ id, routes: {}, schemas: {}, handlers: {}, userFields: [{ field: name, sql: 'NULL', fallback: [], identityToken }] })
    await expect(createServer({ db, mail: new DevInbox(), secret: 's', migrate: false, plugins: [field('a', 'badges'), field('b', 'badges')] })).rejects.toThrow(
      /User field "badges" of plugin "b" is already declared by plugin "a"/,
    )
    await expect(createServer({ db, mail: new DevInbox(), secret: 's', migrate: false, plugins: [field('a', 'linked_accounts')] })).rejects.toThrow(
      /already declared by the core/,
    )
    await expect(createServer({ db, mail: new DevInbox(), secret: 's', migrate: false, plugins: [field('a', 'sid', true)] })).rejects.toThrow(
      /would replace an identity token claim/,
    )
    await db.close()
  })
})

describe('a plugin that adds a user field and guards sensitive operations', () => {
  // A plugin adding `badge_count` to the User object and the identity token, and refusing the
  // operation `demo:act` unless the request says `x-badge-ok: yes`; another plugin's route asks for it.
  const badgeFields = defineServerPlugin({
    id: 'badge-fields',
    routes: {},
    schemas: {},
    handlers: {},
    userFields: [{ field: 'badge_count', sql: "(SELECT count(*) FROM linked_accounts la WHERE la.user_id = u.id AND la.type = 'email')", fallback: 0, identityToken: true }],
    requestHeaders: ['x-badge-ok'],
    async sensitiveOperationGuard(operation, req) {
      if (operation === 'demo:act' && req.headers['x-badge-ok'] !== 'yes') throw errors.notSupported('No badge.')
    },
  })
  const ActRequest = v.object({})
  const ActResponse = v.object({ ok: v.boolean() })
  const actRoutes = { act: route<SchemaRoute<typeof ActRequest, typeof ActResponse>>('POST', '/api/v1/demo/act', { auth: true }) }
  const act = defineServerPlugin({
    id: 'demo',
    routes: actRoutes,
    schemas: defineSchemas(actRoutes, { act: { request: ActRequest, response: ActResponse } }),
    handlers: {
      async act(_req, ctx) {
        await ctx.checkSensitiveOperation('demo:act')
        return { ok: true }
      },
    },
  })
  let t: TestInstance
  beforeAll(async () => {
    t = await createTestInstance({ plugins: [emailServer(), badgeFields, act] })
  })
  afterAll(() => t.close())

  it('shows the field in the User object and the identity token (its fallback for a user just created)', async () => {
    const email = `fields-${Date.now()}@example.com`
    const created = await t.login(email)
    expect(created.user).toMatchObject({ mfa_methods: [], badge_count: 0 })
    const user = await t.login(email)
    expect(user.user).toMatchObject({ mfa_methods: [], badge_count: 1 })
    expect(decodeJwt(user.identity_token!).badge_count).toBe('1')
    const me = await t.request('/api/v1/users/me', { token: user.token! })
    expect(me.body.user.badge_count).toBe(1)
  })

  it("runs the guards before the other plugin's operation, and allows their headers in preflights", async () => {
    const user = await t.login(`guard-${Date.now()}@example.com`)
    expect((await t.request('/api/v1/demo/act', { body: {}, token: user.token! })).body.code).toBe('not_supported')
    const ok = await t.request('/api/v1/demo/act', { body: {}, token: user.token!, headers: { 'x-badge-ok': 'yes' } })
    expect(ok.body).toEqual({ ok: true })
    expect((await t.request('/api/v1/demo/act', { body: {} })).body.code).toBe('missing_or_invalid_token')
    const preflight = await t.request('/api/v1/demo/act', { method: 'OPTIONS', headers: { origin: 'http://localhost:5173' } })
    expect(preflight.headers.get('access-control-allow-headers')).toContain('x-badge-ok')
  })
})
