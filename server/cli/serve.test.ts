import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp, loadApp } from '../apps'
import { createSecretBox, generateEncryptionKey } from '../secrets'
import { startSmtpSink, type SmtpSink } from '../../test/fixtures/smtp'
import { productionEnv } from '../../test/support/production-env'
import { main } from './portico'
import { openDatabase, prepareDatabase } from './runtime'
import { ConfigError, productionConfig, serve } from './serve'
import { walletKeys } from '../../plugins/embedded-wallets/server/keys'

const ROOT = resolve(import.meta.dirname, '../..')
const SLOW = { timeout: 180_000 }

let dir: string
let smtp: SmtpSink
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-serve-'))
  smtp = await startSmtpSink()
})
afterAll(async () => {
  await smtp?.close()
  rmSync(dir, { recursive: true, force: true })
})

const goodEnv = (dataDir: string) => ({
  ...productionEnv('serve'),
  PORTICO_DATA_DIR: dataDir,
  SMTP_URL: smtp.url,
  API_PORT: '0',
})

function problemsOf(env: Record<string, string>): string[] {
  try {
    productionConfig(env, dir)
  } catch (err) {
    if (err instanceof ConfigError) return err.problems
    throw err
  }
  return []
}

describe('production start', () => {
  it('refuses to start, exit code 1, naming every missing secret', SLOW, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/cli/portico.ts'), 'serve'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let stderr = ''
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()))
    const code = await new Promise<number | null>((ok) => child.once('exit', (c) => ok(c)))
    expect(code).toBe(1)
    for (const name of ['PORTICO_SECRET', 'PORTICO_ENCRYPTION_KEY', 'PORTICO_WALLET_SHARE_KEY', 'PORTICO_WALLET_RECOVERY_KEY', 'PORTICO_PUBLIC_URL', 'DATABASE_URL', 'PORTICO_DATA_DIR', 'SMTP_URL']) {
      expect(stderr).toContain(name)
    }
  })

  it('refuses weak or malformed settings', () => {
    expect(problemsOf(goodEnv(dir))).toEqual([])
    const weak = (patch: Record<string, string>) => problemsOf({ ...goodEnv(dir), ...patch })
    expect(weak({ PORTICO_SECRET: 'short' })).toEqual([expect.stringMatching(/PORTICO_SECRET is too short/)])
    expect(weak({ PORTICO_ENCRYPTION_KEY: 'not-a-key' })).toEqual([expect.stringMatching(/PORTICO_ENCRYPTION_KEY: .*32-byte/)])
    expect(weak({ PORTICO_WALLET_SHARE_KEY: 'not-a-key' })).toEqual([expect.stringMatching(/PORTICO_WALLET_SHARE_KEY .*32-byte/)])
    const same = generateEncryptionKey()
    expect(weak({ PORTICO_WALLET_SHARE_KEY: same, PORTICO_WALLET_RECOVERY_KEY: same })).toEqual([expect.stringMatching(/different keys/)])
    expect(weak({ PORTICO_PUBLIC_URL: 'http://auth.example.test' })).toEqual([expect.stringMatching(/https/)])
    expect(weak({ PORTICO_PUBLIC_URL: 'https://auth.example.test/' })).toEqual([expect.stringMatching(/slash/)])
    expect(weak({ PORTICO_ADMIN_KEY: 'admin' })).toEqual([expect.stringMatching(/PORTICO_ADMIN_KEY is too short/)])
    expect(weak({ API_PORT: 'eighty' })).toEqual([expect.stringMatching(/API_PORT/)])
    expect(weak({ PORTICO_PUBLIC_URL: 'http://127.0.0.1:8787' })).toEqual([]) // loopback may use http
  })

  it('has no /dev routes and mails codes instead of keeping them', SLOW, async () => {
    const dataDir = join(dir, 'no-dev')
    const lines: string[] = []
    const running = await serve(productionConfig(goodEnv(dataDir), dir), (l) => lines.push(l))
    try {
      for (const [method, path] of [['GET', '/dev/messages'], ['GET', '/dev/inbox'], ['POST', '/dev/clock'], ['POST', '/dev/reset-limits']] as const) {
        const res = await fetch(running.url + path, { method, headers: { 'content-type': 'application/json' }, body: method === 'POST' ? '{"advance_ms":1}' : undefined })
        expect(res.status, `${method} ${path}`).toBe(404)
      }
      const adminKey = goodEnv(dataDir).PORTICO_ADMIN_KEY
      const created = await fetch(`${running.url}/admin/v1/apps`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminKey}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Prod' }),
      })
      const appId = ((await created.json()) as { id: string }).id
      const init = await fetch(`${running.url}/api/v1/passwordless/init`, {
        method: 'POST',
        headers: { 'privy-app-id': appId, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'prod@example.com' }),
      })
      expect(init.status).toBe(200)
      const mail = await smtp.waitFor('prod@example.com', { timeoutMs: 30_000 })
      const code = /\b(\d{6})\b/.exec(mail.text)![1]!
      expect(lines.join('\n')).not.toContain(code)
    } finally {
      await running.close()
    }
  })
})

describe('portico keys rotate', () => {
  it('reseals every app secret with the new key; the old key alone no longer opens them', SLOW, async () => {
    const dataDir = join(dir, 'rotate')
    const oldKey = generateEncryptionKey()
    const newKey = generateEncryptionKey()
    const env = { PORTICO_DATA_DIR: dataDir }
    let db = await openDatabase({ dataDir, secrets: createSecretBox(oldKey) })
    await prepareDatabase(db, env)
    const app = await createApp(db, { name: 'Rotating', settings: { captchaSecretKey: 'rotate-captcha-secret' } })
    await db.close()

    const out: string[] = []
    const err: string[] = []
    const io = { out: (t: string) => out.push(t), err: (t: string) => err.push(t), cwd: dir }
    expect(await main(['keys', 'rotate'], { ...io, env: { ...env, PORTICO_ENCRYPTION_KEY: generateEncryptionKey() } })).toBe(1)
    expect(err.join('\n')).toMatch(/not among the configured keys/)

    expect(await main(['keys', 'rotate'], { ...io, env: { ...env, PORTICO_ENCRYPTION_KEY: `${newKey},${oldKey}` } })).toBe(0)
    expect(out.join('\n')).toContain(`Resealed 1 of 1 app(s) with key ${createSecretBox(newKey).keyId}`)

    db = await openDatabase({ dataDir, secrets: createSecretBox(newKey) })
    try {
      expect((await loadApp(db, app.id))!.settings.captchaSecretKey).toBe('rotate-captcha-secret')
      await expect(loadApp({ ...db, kind: db.kind, secrets: createSecretBox(oldKey) }, app.id)).rejects.toThrow(/not among the configured keys/)
    } finally {
      await db.close()
    }
  })

  it("reseals the embedded wallets' secrets under their new keys, and a start with the old key alone refuses", SLOW, async () => {
    const dataDir = join(dir, 'rotate-wallets')
    const [encryption, oldShare, oldRecovery, newShare, newRecovery] = Array.from({ length: 5 }, generateEncryptionKey)
    const env = { PORTICO_DATA_DIR: dataDir, PORTICO_ENCRYPTION_KEY: encryption! }
    const walletEnv = (share: string, recovery: string) => ({ ...env, PORTICO_WALLET_SHARE_KEY: share, PORTICO_WALLET_RECOVERY_KEY: recovery })
    let db = await openDatabase({ dataDir, secrets: createSecretBox(encryption!) })
    await prepareDatabase(db, walletEnv(oldShare!, oldRecovery!))
    const app = await createApp(db, { name: 'Wallets' })
    await db.query('INSERT INTO users (id, app_id, created_at) VALUES ($1, $2, 0)', ['u0000000000000000000000001', app.id])
    const keys = walletKeys(oldShare, oldRecovery)!
    const place = { appId: app.id, userId: 'u0000000000000000000000001', entropyId: '0x0000000000000000000000000000000000000001' }
    await db.query(
      `INSERT INTO embedded_wallet_secrets (app_id, entropy_id, user_id, entropy_id_verifier, kind, auth_share, recovery_method,
         encrypted_recovery_share, recovery_key, version, created_at, updated_at)
       VALUES ($1, $2, $3, 'ethereum-address-verifier', 'hd', $4, 'privy', 'v1.x.y', $5, 1, 0, 0)`,
      [app.id, place.entropyId, place.userId, keys.seal('auth_share', 'share', place), keys.seal('recovery_key', 'key', place)],
    )
    await db.close()

    const out: string[] = []
    const io = { out: (t: string) => out.push(t), err: (t: string) => out.push(t), cwd: dir }
    expect(await main(['keys', 'rotate'], { ...io, env: walletEnv(`${newShare},${oldShare}`, `${newRecovery},${oldRecovery}`) })).toBe(0)
    expect(out.join('\n')).toContain('Resealed 1 embedded wallet secrets')

    db = await openDatabase({ dataDir, secrets: createSecretBox(encryption!) })
    try {
      await expect(prepareDatabase(db, walletEnv(newShare!, newRecovery!))).resolves.toBe(0)
      await expect(prepareDatabase(db, walletEnv(oldShare!, oldRecovery!))).rejects.toThrow(/not among the keys of PORTICO_WALLET_SHARE_KEY/)
      const [row] = await db.query<{ auth_share: string; recovery_key: string }>('SELECT auth_share, recovery_key FROM embedded_wallet_secrets')
      const rotated = walletKeys(newShare, newRecovery)!
      expect(rotated.open('auth_share', row!.auth_share, place)).toBe('share')
      expect(rotated.open('recovery_key', row!.recovery_key, place)).toBe('key')
    } finally {
      await db.close()
    }
  })

  it('will not open a data folder another live process holds', async () => {
    const dataDir = join(dir, 'held')
    mkdirSync(dataDir, { recursive: true })
    writeFileSync(join(dataDir, 'portico.lock'), `${process.ppid}\n`) // a live process: the test runner
    await expect(openDatabase({ dataDir, secrets: createSecretBox(generateEncryptionKey()) })).rejects.toThrow(
      `in use by another Portico process (pid ${process.ppid})`,
    )
  })

  it('will not open a data folder twice', SLOW, async () => {
    const dataDir = join(dir, 'locked')
    const db = await openDatabase({ dataDir, secrets: createSecretBox(generateEncryptionKey()) })
    try {
      await expect(openDatabase({ dataDir, secrets: createSecretBox(generateEncryptionKey()) })).rejects.toThrow(/already open in this process/)
    } finally {
      await db.close()
    }
  })
})
