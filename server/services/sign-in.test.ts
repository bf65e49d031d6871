import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import type { ServerApp } from '../apps'
import { createSessionService } from './sessions'
import { createSignIn } from './sign-in'
import { createUserService } from './users'

const INIT = '/api/v1/passwordless/init'
const AUTH = '/api/v1/passwordless/authenticate'
/** The user agent on which the injected fault fires (the trigger below). */
const FAULTY = 'fault-injection/1.0'

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({
    app: { settings: { otpPerIp: { limit: 10_000, windowMs: 60_000 }, otpPerDestination: { limit: 10_000, windowMs: 60_000 } } },
  })
  // A fault between the user's creation and its session: the session insert of a login from the
  // FAULTY client fails, after the lookup wrote (or found) the user within the same statement.
  await t.db.exec(`
    CREATE FUNCTION fail_faulty_session() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.user_agent = '${FAULTY}' THEN RAISE EXCEPTION 'injected fault'; END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER fail_faulty_session BEFORE INSERT ON sessions FOR EACH ROW EXECUTE FUNCTION fail_faulty_session();`)
}, 60_000)
afterAll(() => t.close())

/** Sends a code to `email` and answers it. */
async function sendCode(email: string, app: ServerApp = t.app): Promise<string> {
  const before = t.smtp.messagesTo(email).length
  expect((await t.request(INIT, { body: { email }, appId: app.id })).status).toBe(200)
  return t.codeFor(email, { after: before })
}

const authenticate = (email: string, code: string, options: { userAgent?: string; app?: ServerApp; mode?: string } = {}) =>
  t.request(AUTH, {
    body: { email, code, ...(options.mode ? { mode: options.mode } : {}) },
    appId: (options.app ?? t.app).id,
    headers: { 'user-agent': options.userAgent ?? 'vitest' },
  })

/** What the database holds for an address: its users, accounts and live sessions. */
async function stateOf(email: string, app: ServerApp = t.app) {
  const [row] = await t.db.query<{ users: number; accounts: number; sessions: number; refresh_tokens: number; latest: number | null }>(
    `SELECT (SELECT count(*) FROM users u WHERE u.app_id = $1 AND u.id IN (SELECT user_id FROM linked_accounts WHERE identity_key = $2))::int AS users,
            (SELECT count(*) FROM linked_accounts WHERE app_id = $1 AND identity_key = $2)::int AS accounts,
            (SELECT count(*) FROM sessions s JOIN linked_accounts la ON la.user_id = s.user_id
              WHERE la.app_id = $1 AND la.identity_key = $2 AND s.revoked_at IS NULL)::int AS sessions,
            (SELECT count(*) FROM refresh_tokens rt JOIN sessions s ON s.id = rt.session_id JOIN linked_accounts la ON la.user_id = s.user_id
              WHERE la.app_id = $1 AND la.identity_key = $2)::int AS refresh_tokens,
            (SELECT latest_verified_at FROM linked_accounts WHERE app_id = $1 AND identity_key = $2) AS latest`,
    [app.id, email],
  )
  return row!
}

/** Users of an app without any linked account (none may ever exist). */
async function orphans(app: ServerApp = t.app) {
  const [row] = await t.db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM users u WHERE u.app_id = $1 AND NOT EXISTS (SELECT 1 FROM linked_accounts la WHERE la.user_id = u.id)',
    [app.id],
  )
  return row!.n
}

describe('sign-in: the user and its session are written together', () => {
  it('leaves no user and no account behind when the new user’s session cannot be written', async () => {
    const email = 'fault-new@example.com'
    const failed = await authenticate(email, await sendCode(email), { userAgent: FAULTY })
    expect(failed.status).toBe(500)
    expect(await stateOf(email)).toEqual({ users: 0, accounts: 0, sessions: 0, refresh_tokens: 0, latest: null })
    expect(await orphans()).toBe(0)
    // Nothing half-written stands in the way: the next login creates the user.
    const ok = await authenticate(email, await sendCode(email))
    expect(ok.status).toBe(200)
    expect(ok.body.is_new_user).toBe(true)
    expect(await stateOf(email)).toMatchObject({ users: 1, accounts: 1, sessions: 1, refresh_tokens: 1 })
  })

  it('leaves an existing user as it was (sessions, verification time) when the new session cannot be written', async () => {
    const email = 'fault-known@example.com'
    const first = await authenticate(email, await sendCode(email))
    expect(first.status).toBe(200)
    const before = await stateOf(email)
    t.clock.advance(60_000)
    const failed = await authenticate(email, await sendCode(email), { userAgent: FAULTY })
    expect(failed.status).toBe(500)
    expect(await stateOf(email)).toEqual(before)
    expect((await t.request('/api/v1/users/me', { token: first.body.token })).status).toBe(200)
  })

  it('refuses an unknown account in no-signup mode and writes nothing', async () => {
    const email = 'no-signup@example.com'
    const res = await authenticate(email, await sendCode(email), { mode: 'no-signup' })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('user_does_not_exist')
    expect(await stateOf(email)).toEqual({ users: 0, accounts: 0, sessions: 0, refresh_tokens: 0, latest: null })
  })

  it('refuses a new user past the user limit with nothing written, and spends the code all the same', async () => {
    const app = await t.createApp({
      settings: { maxUsers: 1, otpPerIp: { limit: 10_000, windowMs: 60_000 }, otpPerDestination: { limit: 10_000, windowMs: 60_000 } },
    })
    expect((await authenticate('first@example.com', await sendCode('first@example.com', app), { app })).status).toBe(200)
    const email = 'second@example.com'
    const code = await sendCode(email, app)
    const refused = await authenticate(email, code, { app })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('max_accounts_reached')
    expect(await stateOf(email, app)).toEqual({ users: 0, accounts: 0, sessions: 0, refresh_tokens: 0, latest: null })
    expect(await orphans(app)).toBe(0)
    // The code was checked (and so spent) before the sign-in: it does not open a second try.
    expect((await authenticate(email, code, { app })).body.code).toBe('invalid_credentials')
    // The user already there still logs in.
    expect((await authenticate('first@example.com', await sendCode('first@example.com', app), { app })).status).toBe(200)
  })
})

describe('sign-in under races', () => {
  it('lets one of 200 parallel checks of the same code in, with one user and one session', async () => {
    const email = 'code-race@example.com'
    const code = await sendCode(email)
    const answers = await Promise.all(Array.from({ length: 200 }, () => authenticate(email, code)))
    const statuses = answers.map((a) => a.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s !== 200 && s !== 401 && s !== 429)).toEqual([])
    expect(answers.find((a) => a.status === 200)!.body.is_new_user).toBe(true)
    expect(await stateOf(email)).toMatchObject({ users: 1, accounts: 1, sessions: 1, refresh_tokens: 1 })
  })

  it('creates one user when 100 sign-ins of the same new account run together, each with a session of its own', async () => {
    const users = createUserService(t.db, t.server.registry)
    const sessions = createSessionService(t.db, users, () => t.clock.now())
    const signIn = createSignIn({ users, sessions, now: () => t.clock.now() })
    const email = 'signup-race@example.com'
    const account = { type: 'email', identityKey: email, details: { address: email } }
    const answers = await Promise.all(Array.from({ length: 100 }, () => signIn(t.app, account)))
    expect(new Set(answers.map((a) => a.user.id)).size).toBe(1)
    expect(answers.filter((a) => a.is_new_user)).toHaveLength(1)
    expect(new Set(answers.map((a) => a.refresh_token)).size).toBe(100)
    const state = await stateOf(email)
    expect(state).toMatchObject({ users: 1, accounts: 1, refresh_tokens: 100 })
    expect(await orphans()).toBe(0)
  })
})
