import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { createApp, DEFAULT_APP_SETTINGS, loadApp, resealAppSecrets, updateApp, type AppSettingsInput } from './apps'
import { readSetting } from './plugin'
import { composeServerPlugins, EMPTY_REGISTRY, withRequiredPlugins } from './registry'
import { createSecretBox, generateEncryptionKey, SecretKeyError, type SecretBox } from './secrets'
import type { Db } from './storage/db'
import { runMigrations, coreMigrations } from './storage/migrations'
import { createTestDb } from '../test/support/test-db'
import { farcasterServer, farcasterSignerSetting } from '../plugins/farcaster/server'
import { oauthProvidersSetting, oauthServer } from '../plugins/oauth/server'
import { siweServer } from '../plugins/siwe/server'
import { telegramServer, telegramSetting } from '../plugins/telegram/server'
import { chainRpcUrlsSetting } from '../plugins/wallets/server'

// The secrets' paths come from the plugins' setting declarations.
const registry = composeServerPlugins(
  withRequiredPlugins([telegramServer(), farcasterServer(), oauthServer(), siweServer()]),
  Object.keys(DEFAULT_APP_SETTINGS),
)

const SECRETS = {
  captcha: 'captcha-secret-0123456789',
  bot: '123456:AAbbCCddEEffGGhhIIjjKKllMMnn',
  custody: '0x' + 'ab'.repeat(32),
  oauth: 'oauth-client-secret-xyz',
  rpc: 'https://rpc.example.test/v2/alchemy-key-123',
}

const settings: AppSettingsInput = {
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
    const app = await createApp(db, { name: 'Sealed', settings }, registry)
    const raw = await rawRow(db, app.id)
    expectNoClearSecrets(raw, app.privateJwk.d!)
    expect(raw).toContain('portico:enc:v1:')

    const loaded = (await loadApp(db, app.id))!
    expect(loaded.settings.captchaSecretKey).toBe(SECRETS.captcha)
    expect(readSetting(loaded, telegramSetting)?.botToken).toBe(SECRETS.bot)
    expect(readSetting(loaded, farcasterSignerSetting)?.custodyPrivateKey).toBe(SECRETS.custody)
    expect(readSetting(loaded, oauthProvidersSetting).google?.clientSecret).toBe(SECRETS.oauth)
    expect(readSetting(loaded, chainRpcUrlsSetting)['eip155:8453']).toBe(SECRETS.rpc)
    expect(loaded.privateJwk).toEqual(app.privateJwk)

    await updateApp(db, app.id, { settings: { captchaSecretKey: 'new-captcha-secret-987' } }, registry)
    const afterUpdate = await rawRow(db, app.id)
    expectNoClearSecrets(afterUpdate, app.privateJwk.d!)
    expect(afterUpdate).not.toContain('new-captcha-secret-987')
    expect((await loadApp(db, app.id))!.settings.captchaSecretKey).toBe('new-captcha-secret-987')
  })

  it('seals a clear-text database on start, then refuses a wrong key without changing anything', async () => {
    const clear = await openDb()
    const app = await createApp(clear, { name: 'Old', settings }, registry)
    expect(await rawRow(clear, app.id)).toContain(SECRETS.bot) // as a version without encryption stored it

    const key = generateEncryptionKey()
    const db = withKeys(clear, createSecretBox(key))
    expect(await resealAppSecrets(db, registry)).toEqual({ apps: 1, resealed: 1 })
    expectNoClearSecrets(await rawRow(db, app.id), app.privateJwk.d!)
    expect(readSetting((await loadApp(db, app.id))!, telegramSetting)?.botToken).toBe(SECRETS.bot)
    expect(await resealAppSecrets(db, registry)).toEqual({ apps: 1, resealed: 0 })

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
    const apps = [await createApp(db, { name: 'A', settings }, registry), await createApp(db, { name: 'B', settings }, registry)]

    // Rotating needs no plugin list: what is sealed says so.
    const rotating = withKeys(db, createSecretBox(`${newKey},${oldKey}`))
    expect(await resealAppSecrets(rotating)).toEqual({ apps: 2, resealed: 2 })

    const onlyNew = withKeys(db, createSecretBox(newKey))
    for (const a of apps) expect(readSetting((await loadApp(onlyNew, a.id))!, oauthProvidersSetting).google?.clientSecret).toBe(SECRETS.oauth)
    await expect(loadApp(withKeys(db, createSecretBox(oldKey)), apps[0]!.id)).rejects.toThrow(SecretKeyError)
  })

  it('does not open a sealed value copied into another app', async () => {
    const db = await openDb(createSecretBox(generateEncryptionKey()))
    const a = await createApp(db, { name: 'A', settings }, registry)
    const b = await createApp(db, { name: 'B' })
    await db.query('UPDATE apps SET private_jwk = (SELECT private_jwk FROM apps WHERE id = $1) WHERE id = $2', [a.id, b.id])
    await expect(loadApp(db, b.id)).rejects.toThrow(/altered or belongs elsewhere/)
  })

  it('opens values the earlier core sealing wrote (same format, same field names): stored apps keep working', async () => {
    const box = createSecretBox(generateEncryptionKey())
    const db = await openDb(box)
    const app = await createApp(db, { name: 'Earlier' })
    // What the earlier version stored: the plugin settings as core fields, each sealed under `app:<id>:<field>`.
    const earlier = {
      telegram: { botId: '123456', botName: 'acme_bot', botToken: box.seal(SECRETS.bot, `app:${app.id}:telegram.botToken`), linkEnabled: true, seamlessAuthEnabled: false },
      oauthProviders: { google: { clientId: 'client-id', clientSecret: box.seal(SECRETS.oauth, `app:${app.id}:oauthProviders.google.clientSecret`) } },
      chainRpcUrls: { 'eip155:8453': box.seal(SECRETS.rpc, `app:${app.id}:chainRpcUrls.eip155:8453`) },
    }
    await db.query('UPDATE apps SET config = config || $2::jsonb WHERE id = $1', [app.id, JSON.stringify(earlier)])
    const loaded = (await loadApp(db, app.id))!
    expect(readSetting(loaded, telegramSetting)?.botToken).toBe(SECRETS.bot)
    expect(readSetting(loaded, oauthProvidersSetting).google?.clientSecret).toBe(SECRETS.oauth)
    expect(readSetting(loaded, chainRpcUrlsSetting)['eip155:8453']).toBe(SECRETS.rpc)
    expect(await resealAppSecrets(db, registry)).toEqual({ apps: 1, resealed: 0 })
  })

  it('keeps a secret sealed when the server that changes the app no longer registers its plugin', async () => {
    const db = await openDb(createSecretBox(generateEncryptionKey()))
    const app = await createApp(db, { name: 'Sealed', settings }, registry)
    await updateApp(db, app.id, { settings: { theme: 'dark' } }, EMPTY_REGISTRY)
    expectNoClearSecrets(await rawRow(db, app.id), app.privateJwk.d!)
    const loaded = (await loadApp(db, app.id))!
    expect(loaded.settings.theme).toBe('dark')
    expect(readSetting(loaded, telegramSetting)?.botToken).toBe(SECRETS.bot)
  })

  it('refuses, with an encryption key, plugin settings no given plugin declares: their secrets would be stored in clear', async () => {
    const db = await openDb(createSecretBox(generateEncryptionKey()))
    await expect(createApp(db, { name: 'Unsealed', settings })).rejects.toThrow(/telegram, farcasterSigner, oauthProviders, chainRpcUrls.*registry/)
    const app = await createApp(db, { name: 'Plain' })
    await expect(updateApp(db, app.id, { settings: { telegram: settings.telegram } })).rejects.toThrow(/registry/)
    expect(await db.query('SELECT id FROM apps')).toHaveLength(1)
  })

  it('refuses malformed keys with a hint', () => {
    expect(() => createSecretBox('short')).toThrow(/32-byte key/)
    expect(() => createSecretBox('')).toThrow(SecretKeyError)
    const hex = 'ab'.repeat(32)
    const box = createSecretBox(hex)
    expect(box.open(box.seal('x', 'c'), 'c')).toBe('x')
  })
})
