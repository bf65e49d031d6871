import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp, loadApp, resealAppSecrets, updateApp, type AppSettings } from './apps'
import { createSecretBox, generateEncryptionKey, SecretKeyError, type SecretBox } from './secrets'
import type { Db } from './storage/db'
import { runMigrations, coreMigrations } from './storage/migrations'
import { createTestDb } from '../test/support/test-db'

const SECRETS = {
  captcha: 'captcha-secret-0123456789',
  bot: '123456:AAbbCCddEEffGGhhIIjjKKllMMnn',
  custody: '0x' + 'ab'.repeat(32),
  oauth: 'oauth-client-secret-xyz',
  rpc: 'https://rpc.example.test/v2/alchemy-key-123',
}

const settings: Partial<AppSettings> = {
  captchaEnabled: true,
  captchaSiteKey: 't:site',
  captchaSecretKey: SECRETS.captcha,
  telegram: { botId: '123456', botName: 'acme_bot', botToken: SECRETS.bot, linkEnabled: true, seamlessAuthEnabled: false },
  farcasterSigner: { appFid: 42, custodyPrivateKey: SECRETS.custody },
  oauthProviders: { google: { clientId: 'client-id', clientSecret: SECRETS.oauth } },
  chainRpcUrls: { 'eip155:8453': SECRETS.rpc },
}

// One database for the file (opening one is slow on a busy machine); each test sees it through its
// own keys, as a server restarted with another PORTICO_ENCRYPTION_KEY would.
let base: Db
beforeAll(async () => {
  base = await createTestDb()
  await runMigrations(base, coreMigrations)
})
afterAll(() => base?.close())
beforeEach(() => base.exec('DELETE FROM apps')) // apps sealed by another test's key would not open

const withKeys = (db: Db, secrets: SecretBox | null): Db => ({ ...db, kind: db.kind, secrets })
const openDb = async (secrets?: SecretBox) => withKeys(base, secrets ?? null)

async function rawRow(db: Db, id: string): Promise<string> {
  const rows = await db.query<{ config: string; jwk: string }>('SELECT config::text AS config, private_jwk::text AS jwk FROM apps WHERE id = $1', [id])
  return `${rows[0]!.config} ${rows[0]!.jwk}`
}

function expectNoClearSecrets(raw: string, privateD: string) {
  for (const secret of [...Object.values(SECRETS), privateD]) expect(raw).not.toContain(secret)
}

describe('secrets at rest', () => {
  it('keeps no secret in clear in the apps table, and reads them back', async () => {
    const db = await openDb(createSecretBox(generateEncryptionKey()))
    const app = await createApp(db, { name: 'Sealed', settings })
    const raw = await rawRow(db, app.id)
    expectNoClearSecrets(raw, app.privateJwk.d!)
    expect(raw).toContain('portico:enc:v1:')

    const loaded = (await loadApp(db, app.id))!
    expect(loaded.settings.captchaSecretKey).toBe(SECRETS.captcha)
    expect(loaded.settings.telegram?.botToken).toBe(SECRETS.bot)
    expect(loaded.settings.farcasterSigner?.custodyPrivateKey).toBe(SECRETS.custody)
    expect(loaded.settings.oauthProviders.google?.clientSecret).toBe(SECRETS.oauth)
    expect(loaded.settings.chainRpcUrls['eip155:8453']).toBe(SECRETS.rpc)
    expect(loaded.privateJwk).toEqual(app.privateJwk)

    await updateApp(db, app.id, { settings: { captchaSecretKey: 'new-captcha-secret-987' } })
    const afterUpdate = await rawRow(db, app.id)
    expectNoClearSecrets(afterUpdate, app.privateJwk.d!)
    expect(afterUpdate).not.toContain('new-captcha-secret-987')
    expect((await loadApp(db, app.id))!.settings.captchaSecretKey).toBe('new-captcha-secret-987')
  })

  it('seals a clear-text database on start, then refuses a wrong key without changing anything', async () => {
    const clear = await openDb()
    const app = await createApp(clear, { name: 'Old', settings })
    expect(await rawRow(clear, app.id)).toContain(SECRETS.bot) // as a version without encryption stored it

    const key = generateEncryptionKey()
    const db = withKeys(clear, createSecretBox(key))
    expect(await resealAppSecrets(db)).toEqual({ apps: 1, resealed: 1 })
    expectNoClearSecrets(await rawRow(db, app.id), app.privateJwk.d!)
    expect((await loadApp(db, app.id))!.settings.telegram?.botToken).toBe(SECRETS.bot)
    expect(await resealAppSecrets(db)).toEqual({ apps: 1, resealed: 0 })

    const sealed = await rawRow(db, app.id)
    const wrong = withKeys(clear, createSecretBox(generateEncryptionKey()))
    await expect(resealAppSecrets(wrong)).rejects.toThrow(SecretKeyError)
    await expect(resealAppSecrets(wrong)).rejects.toThrow(/not among the configured keys/)
    await expect(loadApp(wrong, app.id)).rejects.toThrow(/PORTICO_ENCRYPTION_KEY/)
    await expect(loadApp(withKeys(clear, null), app.id)).rejects.toThrow(/no encryption key is configured/)
    expect(await rawRow(db, app.id)).toBe(sealed)
  })

  it('rotates keys: new,old opens both and reseals everything with the new key', async () => {
    const oldKey = generateEncryptionKey()
    const newKey = generateEncryptionKey()
    const db = await openDb(createSecretBox(oldKey))
    const apps = [await createApp(db, { name: 'A', settings }), await createApp(db, { name: 'B', settings })]

    const rotating = withKeys(db, createSecretBox(`${newKey},${oldKey}`))
    expect(await resealAppSecrets(rotating)).toEqual({ apps: 2, resealed: 2 })

    const onlyNew = withKeys(db, createSecretBox(newKey))
    for (const a of apps) expect((await loadApp(onlyNew, a.id))!.settings.oauthProviders.google?.clientSecret).toBe(SECRETS.oauth)
    await expect(loadApp(withKeys(db, createSecretBox(oldKey)), apps[0]!.id)).rejects.toThrow(SecretKeyError)
  })

  it('does not open a sealed value copied into another app', async () => {
    const db = await openDb(createSecretBox(generateEncryptionKey()))
    const a = await createApp(db, { name: 'A', settings })
    const b = await createApp(db, { name: 'B' })
    await db.query('UPDATE apps SET private_jwk = (SELECT private_jwk FROM apps WHERE id = $1) WHERE id = $2', [a.id, b.id])
    await expect(loadApp(db, b.id)).rejects.toThrow(/altered or belongs elsewhere/)
  })

  it('refuses malformed keys with a hint', () => {
    expect(() => createSecretBox('short')).toThrow(/32-byte key/)
    expect(() => createSecretBox('')).toThrow(SecretKeyError)
    const hex = 'ab'.repeat(32)
    const box = createSecretBox(hex)
    expect(box.open(box.seal('x', 'c'), 'c')).toBe('x')
  })
})
