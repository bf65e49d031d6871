import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { AuthenticatedUser, User } from '../../kernel/schemas'
import { emailServer } from '../email/server'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { MAX_PASSKEYS_PER_USER, passkeyServer } from './server'
import { createSoftAuthenticator } from './soft-authenticator'

const ORIGIN = 'http://localhost:5173'
const P = '/api/v1/passkeys'
const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({
    plugins: [emailServer(), passkeyServer({ initPerIp: { limit: 10_000, windowMs: 60_000 } })],
    app: { settings: { loginMethods: ['email_auth', 'passkey_auth'] } },
  })
})
afterAll(() => t.close())

const headers = (extra: Record<string, string> = {}) => ({ origin: ORIGIN, 'user-agent': CHROME_MAC, ...extra })
const post = (path: string, body: unknown, o: { token?: string; headers?: Record<string, string> } = {}) =>
  t.request(P + path, { body, token: o.token, headers: headers(o.headers) })

/** Signs up with a new passkey on a fresh software authenticator. */
async function signUp() {
  const auth = createSoftAuthenticator()
  const init = await post('/register/init', {})
  expect(init.status).toBe(200)
  const res = await post('/register', { authenticator_response: auth.create(init.body.options, { origin: ORIGIN }) })
  expect(res.status).toBe(200)
  return { auth, session: res.body }
}

async function logIn(auth: ReturnType<typeof createSoftAuthenticator>, o: { origin?: string; counter?: number; userVerified?: boolean } = {}) {
  const init = await post('/authenticate/init', {})
  expect(init.status).toBe(200)
  const assertion = auth.get(init.body.options, { origin: o.origin ?? ORIGIN, counter: o.counter, userVerified: o.userVerified })
  return post('/authenticate', { authenticator_response: assertion, challenge: init.body.options.challenge })
}

async function linkPasskeyWith(token: string, aaguid: string) {
  const init = await post('/link/init', {}, { token })
  return post('/link', { authenticator_response: createSoftAuthenticator().create(init.body.options, { origin: ORIGIN, aaguid }) }, { token })
}

async function linkPasskey(token: string, auth = createSoftAuthenticator()) {
  const init = await post('/link/init', {}, { token })
  if (init.status !== 200) return init
  return post('/link', { authenticator_response: auth.create(init.body.options, { origin: ORIGIN }) }, { token })
}

describe('passkey sign-up', () => {
  it('creates a user with a passkey account carrying the credential, its public key and the browser and OS', async () => {
    const init = await post('/register/init', {})
    expect(init.body.relying_party).toBe(ORIGIN)
    expect(init.body.options.rp).toEqual({ name: 'Test App', id: 'localhost' })
    expect(init.body.options.authenticator_selection.user_verification).toBe('required')
    const auth = createSoftAuthenticator()
    const res = await post('/register', { authenticator_response: auth.create(init.body.options, { origin: ORIGIN }) })
    expect(res.status).toBe(200)
    expect(v.is(AuthenticatedUser, res.body)).toBe(true)
    expect(res.body.is_new_user).toBe(true)
    expect(res.body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'passkey',
        credential_id: auth.credentials[0]!.id,
        enrolled_in_mfa: false,
        public_key: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
        created_with_browser: 'Chrome',
        created_with_os: 'macOS',
        created_with_device: 'Desktop',
      }),
    ])
    const rows = await t.db.query<{ user_id: string; counter: number }>(
      'SELECT user_id, counter FROM passkey_credentials WHERE app_id = $1 AND credential_id = $2',
      [t.appId, auth.credentials[0]!.id],
    )
    expect(rows).toEqual([{ user_id: res.body.user.id.replace('did:privy:', ''), counter: 0 }])
  })

  it('refuses an attestation without user verification', async () => {
    const init = await post('/register/init', {})
    const auth = createSoftAuthenticator()
    const res = await post('/register', { authenticator_response: auth.create(init.body.options, { origin: ORIGIN, userVerified: false }) })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('refuses a registration in no-signup mode with user_does_not_exist', async () => {
    const init = await post('/register/init', {})
    const auth = createSoftAuthenticator()
    const res = await post('/register', { authenticator_response: auth.create(init.body.options, { origin: ORIGIN }), mode: 'no-signup' })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('user_does_not_exist')
  })

  it('refuses when the app has passkeys switched off', async () => {
    const app = await t.createApp({ settings: { loginMethods: ['email_auth'] } })
    const res = await t.request(`${P}/register/init`, { body: {}, appId: app.id, headers: headers() })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('disallowed_login_method')
  })

  it('refuses unknown keys on init (strict) with invalid_data', async () => {
    const res = await post('/register/init', { relying_party: ORIGIN, extra: 1 })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_data')
  })
})

describe('passkey login', () => {
  it('signs the same user in with the passkey and stores the new signature counter', async () => {
    const { auth, session } = await signUp()
    const res = await logIn(auth)
    expect(res.status).toBe(200)
    expect(v.is(AuthenticatedUser, res.body)).toBe(true)
    expect(res.body.user.id).toBe(session.user.id)
    expect(res.body.is_new_user).toBe(false)
    const rows = await t.db.query<{ counter: number }>('SELECT counter FROM passkey_credentials WHERE credential_id = $1', [
      auth.credentials[0]!.id,
    ])
    expect(Number(rows[0]!.counter)).toBe(1)
  })

  it('refuses a replayed challenge: each challenge answers once', async () => {
    const { auth } = await signUp()
    const init = await post('/authenticate/init', {})
    const body = { authenticator_response: auth.get(init.body.options, { origin: ORIGIN }), challenge: init.body.options.challenge }
    expect((await post('/authenticate', body)).status).toBe(200)
    const again = await post('/authenticate', {
      authenticator_response: auth.get(init.body.options, { origin: ORIGIN }),
      challenge: init.body.options.challenge,
    })
    expect(again.status).toBe(401)
    expect(again.body.code).toBe('invalid_credentials')
  })

  it('refuses an expired challenge', async () => {
    const { auth } = await signUp()
    const init = await post('/authenticate/init', {})
    t.clock.advance(6 * 60_000)
    const res = await post('/authenticate', {
      authenticator_response: auth.get(init.body.options, { origin: ORIGIN }),
      challenge: init.body.options.challenge,
    })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('refuses an assertion made on another origin than the page that asked', async () => {
    const { auth } = await signUp()
    const res = await logIn(auth, { origin: 'https://evil.example' })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('refuses a request whose Origin is not one of the app\'s with invalid_origin', async () => {
    const res = await post('/authenticate/init', {}, { headers: { origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('invalid_origin')
    const rp = await post('/authenticate/init', { relying_party: 'https://evil.example' })
    expect(rp.status).toBe(403)
    expect(rp.body.code).toBe('invalid_origin')
  })

  it('refuses a signature counter that did not move forward (a cloned authenticator)', async () => {
    const { auth } = await signUp()
    expect((await logIn(auth, { counter: 5 })).status).toBe(200)
    const replay = await logIn(auth, { counter: 5 })
    expect(replay.status).toBe(401)
    const back = await logIn(auth, { counter: 3 })
    expect(back.status).toBe(401)
    expect((await logIn(auth, { counter: 6 })).status).toBe(200)
  })

  it('refuses an assertion without user verification', async () => {
    const { auth } = await signUp()
    const res = await logIn(auth, { userVerified: false })
    expect(res.status).toBe(401)
  })

  it('answers passkey_not_registered for a credential the server does not know', async () => {
    const stranger = createSoftAuthenticator()
    stranger.create((await post('/register/init', {})).body.options, { origin: ORIGIN }) // never sent to the server
    const res = await logIn(stranger)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('passkey_not_registered')
  })

  it('refuses an assertion signed by another key than the stored one', async () => {
    const { auth } = await signUp()
    const other = createSoftAuthenticator()
    other.create((await post('/register/init', {})).body.options, { origin: ORIGIN })
    // Same credential id, wrong private key.
    other.credentials[0]!.id = auth.credentials[0]!.id
    other.credentials[0]!.userHandle = auth.credentials[0]!.userHandle
    const res = await logIn(other)
    expect(res.status).toBe(401)
  })
})

describe('passkey link and unlink', () => {
  it('links a second passkey to the signed-in user, then signs in with either', async () => {
    const { auth, session } = await signUp()
    const second = createSoftAuthenticator()
    const res = await linkPasskey(session.token, second)
    expect(res.status).toBe(200)
    expect(v.is(User, res.body)).toBe(true)
    expect(res.body.linked_accounts.filter((a: { type: string }) => a.type === 'passkey')).toHaveLength(2)
    expect((await logIn(second)).body.user.id).toBe(session.user.id)
    expect((await logIn(auth)).body.user.id).toBe(session.user.id)
  })

  it('lists the user\'s passkeys as excluded credentials in the link options', async () => {
    const { auth, session } = await signUp()
    const init = await post('/link/init', {}, { token: session.token })
    expect(init.body.options.exclude_credentials).toEqual([{ id: auth.credentials[0]!.id, type: 'public-key' }])
  })

  it('needs a session to link', async () => {
    const res = await post('/link/init', {})
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('missing_or_invalid_token')
  })

  it('binds a link challenge to its user: another user cannot spend it', async () => {
    const a = await signUp()
    const b = await signUp()
    const init = await post('/link/init', {}, { token: a.session.token })
    const res = await post('/link', { authenticator_response: createSoftAuthenticator().create(init.body.options, { origin: ORIGIN }) }, { token: b.session.token })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
  })

  it(`refuses a passkey past ${MAX_PASSKEYS_PER_USER} with 'Cannot link more passkeys to account.'`, async () => {
    const { session } = await signUp()
    for (let i = 1; i < MAX_PASSKEYS_PER_USER; i++) expect((await linkPasskey(session.token)).status).toBe(200)
    const res = await linkPasskey(session.token)
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'cannot_link_more_of_type', error: 'Cannot link more passkeys to account.' })
  })

  it('unlinks a passkey, which then no longer signs in', async () => {
    const { auth, session } = await signUp()
    const second = createSoftAuthenticator()
    await linkPasskey(session.token, second)
    const res = await post('/unlink', { credential_id: second.credentials[0]!.id }, { token: session.token })
    expect(res.status).toBe(200)
    expect(v.is(User, res.body)).toBe(true)
    expect(res.body.linked_accounts.map((a: { credential_id: string }) => a.credential_id)).toEqual([auth.credentials[0]!.id])
    const gone = await logIn(second)
    expect(gone.status).toBe(400)
    expect(gone.body.code).toBe('passkey_not_registered')
  })

  it('refuses to unlink the user\'s only account with cannot_unlink_sole_account', async () => {
    const { auth, session } = await signUp()
    const res = await post('/unlink', { credential_id: auth.credentials[0]!.id }, { token: session.token })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('cannot_unlink_sole_account')
    expect((await logIn(auth)).status).toBe(200)
  })

  it('refuses to unlink a passkey enrolled in MFA, whatever remove_as_mfa says', async () => {
    const { auth, session } = await signUp()
    await linkPasskey(session.token)
    await t.db.query(
      `UPDATE linked_accounts SET details = details || '{"enrolled_in_mfa": true}'::jsonb WHERE app_id = $1 AND identity_key = $2`,
      [t.appId, auth.credentials[0]!.id],
    )
    for (const remove_as_mfa of [undefined, true, false]) {
      const res = await post('/unlink', { credential_id: auth.credentials[0]!.id, remove_as_mfa }, { token: session.token })
      expect(res.status).toBe(400)
      expect(res.body.error).toBe('Cannot unlink a passkey enrolled in MFA')
    }
  })

  it('answers linked_account_not_found for someone else\'s passkey', async () => {
    const a = await signUp()
    const b = await signUp()
    const res = await post('/unlink', { credential_id: a.auth.credentials[0]!.id }, { token: b.session.token })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('linked_account_not_found')
  })
})

describe('telling passkeys apart', () => {
  it("names a passkey after its provider from the attestation's AAGUID, and leaves an unknown one unnamed", async () => {
    const { session } = await signUp()
    const known = await linkPasskeyWith(session.token, '531126d6-e717-415c-9320-3d9aa6981239')
    expect(known.status).toBe(200)
    const names = known.body.linked_accounts.map((a: { authenticator_name?: string }) => a.authenticator_name ?? null)
    expect(names).toEqual([null, 'Dashlane'])
  })

  it('stores the label the user gives a passkey, trimmed, shows it in the User object, and clears it with an empty one', async () => {
    const { auth, session } = await signUp()
    const id = auth.credentials[0]!.id
    const set = await post('/label', { credential_id: id, label: '  Work laptop ' }, { token: session.token })
    expect(set.status).toBe(200)
    expect(v.is(User, set.body)).toBe(true)
    expect(set.body.linked_accounts).toEqual([expect.objectContaining({ credential_id: id, label: 'Work laptop' })])
    const again = await logIn(auth)
    expect(again.body.user.linked_accounts[0].label).toBe('Work laptop')
    const cleared = await post('/label', { credential_id: id, label: '' }, { token: session.token })
    expect(cleared.body.linked_accounts[0]).not.toHaveProperty('label')
  })

  it('refuses a label without a session, for someone else\'s passkey, or longer than 64 characters, and changes nothing', async () => {
    const a = await signUp()
    const b = await signUp()
    const id = a.auth.credentials[0]!.id
    const anonymous = await post('/label', { credential_id: id, label: 'Mine' })
    expect(anonymous.status).toBe(401)
    const other = await post('/label', { credential_id: id, label: 'Mine now' }, { token: b.session.token })
    expect(other.status).toBe(404)
    expect(other.body.code).toBe('linked_account_not_found')
    const long = await post('/label', { credential_id: id, label: 'x'.repeat(65) }, { token: a.session.token })
    expect(long.status).toBe(400)
    expect(long.body.code).toBe('invalid_data')
    const rows = await t.db.query<{ details: Record<string, unknown> }>('SELECT details FROM linked_accounts WHERE app_id = $1 AND identity_key = $2', [t.appId, id])
    expect(rows[0]!.details).not.toHaveProperty('label')
  })

  it('keeps one of many labels written at once, whole', async () => {
    const { auth, session } = await signUp()
    const id = auth.credentials[0]!.id
    const labels = Array.from({ length: 100 }, (_, n) => `Key ${n}`)
    const answers = await Promise.all(labels.map((label) => post('/label', { credential_id: id, label }, { token: session.token })))
    expect(answers.map((r) => r.status)).toEqual(labels.map(() => 200))
    const rows = await t.db.query<{ details: Record<string, unknown> }>('SELECT details FROM linked_accounts WHERE app_id = $1 AND identity_key = $2', [t.appId, id])
    expect(labels).toContain(rows[0]!.details.label)
    expect(rows[0]!.details.credential_id).toBe(id)
  })
})

describe('passkey credential ids belong to one user and one key', () => {
  it("refuses an attacker's registration of the victim's credential id with their own key, and their login", async () => {
    const victim = await signUp()
    const victimId = victim.auth.credentials[0]!.id
    const attacker = createSoftAuthenticator()
    const init = await post('/register/init', {})
    const attestation = attacker.create(init.body.options, { origin: ORIGIN, credentialId: victimId })
    const res = await post('/register', { authenticator_response: attestation })
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ code: 'invalid_credentials', error: 'This passkey is already registered.' })
    expect(res.body.token).toBeUndefined()
    // The attacker's key signs for the victim's credential id: only the stored key counts.
    attacker.credentials[0]!.userHandle = victim.auth.credentials[0]!.userHandle
    const login = await logIn(attacker)
    expect(login.status).toBe(401)
    expect(login.body.token).toBeUndefined()
    // The victim's own key is untouched and still signs in.
    const rows = await t.db.query<{ public_key: string }>('SELECT public_key FROM passkey_credentials WHERE app_id = $1 AND credential_id = $2', [
      t.appId,
      victimId,
    ])
    expect(rows).toEqual([{ public_key: victim.session.user.linked_accounts[0].public_key }])
    expect((await logIn(victim.auth)).body.user.id).toBe(victim.session.user.id)
  })

  it("refuses to link another user's credential id, whatever its key", async () => {
    const victim = await signUp()
    const attacker = await signUp()
    const res = await linkPasskey(attacker.session.token, {
      ...createSoftAuthenticator(),
      create: (options, ceremony) =>
        createSoftAuthenticator().create(options, { ...ceremony, credentialId: victim.auth.credentials[0]!.id }),
    })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
    expect((await logIn(victim.auth)).body.user.id).toBe(victim.session.user.id)
  })

  it('gives no session to either of two racing registrations of one new credential id but the first', async () => {
    const id = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64url')
    const inits = await Promise.all([post('/register/init', {}), post('/register/init', {})])
    const results = await Promise.all(
      inits.map((init) => post('/register', { authenticator_response: createSoftAuthenticator().create(init.body.options, { origin: ORIGIN, credentialId: id }) })),
    )
    const winners = results.filter((r) => r.status === 200)
    expect(winners).toHaveLength(1)
    expect(results.filter((r) => r.status === 401)).toHaveLength(1)
    const owners = await t.db.query('SELECT user_id FROM passkey_credentials WHERE app_id = $1 AND credential_id = $2', [t.appId, id])
    expect(owners).toEqual([{ user_id: winners[0]!.body.user.id.replace('did:privy:', '') }])
  })
})

describe('passkey ceremonies in frames', () => {
  const FRAMED = { crossOrigin: true, topOrigin: ORIGIN }

  it('refuses crossOrigin: true when the app does not allow cross-origin passkeys (registration and login)', async () => {
    const init = await post('/register/init', {})
    const reg = await post('/register', { authenticator_response: createSoftAuthenticator().create(init.body.options, { origin: ORIGIN, ...FRAMED }) })
    expect(reg.status).toBe(401)
    expect(reg.body.error).toBe('Passkey refused: this app does not allow passkeys in a cross-origin frame.')
    const { auth } = await signUp()
    const loginInit = await post('/authenticate/init', {})
    const login = await post('/authenticate', {
      authenticator_response: auth.get(loginInit.body.options, { origin: ORIGIN, crossOrigin: true }),
      challenge: loginInit.body.options.challenge,
    })
    expect(login.status).toBe(401)
    expect(login.body.code).toBe('invalid_credentials')
  })

  it('accepts a framed ceremony under an allowed top-level page when the app allows it, and refuses other top-level pages', async () => {
    const app = await t.createApp({
      allowedOrigins: [ORIGIN, 'https://host.example'],
      settings: { loginMethods: ['passkey_auth'], passkeyCrossOriginAllowed: true },
    })
    const call = (path: string, body: unknown) => t.request(P + path, { body, appId: app.id, headers: headers() })
    const auth = createSoftAuthenticator()
    const init = await call('/register/init', {})
    const reg = await call('/register', {
      authenticator_response: auth.create(init.body.options, { origin: ORIGIN, crossOrigin: true, topOrigin: 'https://host.example' }),
    })
    expect(reg.status).toBe(200)
    const login = async (topOrigin: string) => {
      const i = await call('/authenticate/init', {})
      return call('/authenticate', {
        authenticator_response: auth.get(i.body.options, { origin: ORIGIN, crossOrigin: true, topOrigin }),
        challenge: i.body.options.challenge,
      })
    }
    expect((await login('https://host.example')).body.user.id).toBe(reg.body.user.id)
    const evil = await login('https://evil.example')
    expect(evil.status).toBe(401)
    expect(evil.body.error).toBe("Passkey refused: the top-level page https://evil.example is not one of the app's origins.")
    const reg2Init = await call('/register/init', {})
    const reg2 = await call('/register', {
      authenticator_response: createSoftAuthenticator().create(reg2Init.body.options, { origin: ORIGIN, crossOrigin: true, topOrigin: 'https://evil.example' }),
    })
    expect(reg2.status).toBe(401)
  })

  it('refuses a topOrigin that is not an allowed origin even without crossOrigin', async () => {
    const { auth } = await signUp()
    const i = await post('/authenticate/init', {})
    const res = await post('/authenticate', {
      authenticator_response: auth.get(i.body.options, { origin: ORIGIN, topOrigin: 'https://evil.example' }),
      challenge: i.body.options.challenge,
    })
    expect(res.status).toBe(401)
    expect(res.body.error).toBe("Passkey refused: the top-level page https://evil.example is not one of the app's origins.")
  })
})
