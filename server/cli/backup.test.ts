import { execFile } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpSink, type SmtpSink } from '../../test/fixtures/smtp'
import { postgresBinaries, startTempPostgres, type TempPostgres } from '../../test/support/postgres'
import { productionEnv } from '../../test/support/production-env'
import { productionConfig, serve, type RunningServer } from './serve'

// The procedures of docs/self-hosting.md ("Backups"), run for real: back up, restore somewhere
// else, start on the copy, and the users of before sign in as themselves.

const run = promisify(execFile)
const SLOW = { timeout: 240_000 }

let dir: string
let smtp: SmtpSink
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-backup-'))
  smtp = await startSmtpSink()
})
afterAll(async () => {
  await smtp?.close()
  rmSync(dir, { recursive: true, force: true })
})

// One deployment's keys: a restore needs the same ones (they are not in the backup).
const deployment = productionEnv('backup')
const ADMIN_KEY = deployment.PORTICO_ADMIN_KEY
const start = (where: Record<string, string>) =>
  serve(
    productionConfig(
      { ...deployment, ...where, SMTP_URL: smtp.url, API_PORT: '0' },
      dir,
    ),
    () => {},
  )

/** Signs in by email on a running server; answers the session. */
async function login(server: RunningServer, appId: string, email: string) {
  const post = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, { method: 'POST', headers: { 'privy-app-id': appId, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  const before = smtp.messagesTo(email).length
  expect((await post('/api/v1/passwordless/init', { email })).status).toBe(200)
  const code = /\b(\d{6})\b/.exec((await smtp.waitFor(email, { after: before, timeoutMs: 60_000 })).text)![1]
  const res = await post('/api/v1/passwordless/authenticate', { email, code })
  expect(res.status).toBe(200)
  return (await res.json()) as { user: { id: string }; refresh_token: string; is_new_user: boolean }
}

/** Creates an app and a user on a fresh server; answers what a restore must bring back. */
async function populate(server: RunningServer) {
  const created = await fetch(`${server.url}/admin/v1/apps`, {
    method: 'POST',
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Backed up', settings: { captchaSecretKey: 'sealed-in-the-backup' } }),
  })
  const appId = ((await created.json()) as { id: string }).id
  const session = await login(server, appId, 'kept@example.com')
  expect(session.is_new_user).toBe(true)
  return { appId, userId: session.user.id, refreshToken: session.refresh_token }
}

/** On the restored server: the user signs in as themselves, and the session of before refreshes. */
async function checkRestored(server: RunningServer, saved: Awaited<ReturnType<typeof populate>>) {
  const refreshed = await fetch(`${server.url}/api/v1/sessions`, {
    method: 'POST',
    headers: { 'privy-app-id': saved.appId, 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: saved.refreshToken }),
  })
  expect(refreshed.status).toBe(200)
  const again = await login(server, saved.appId, 'kept@example.com')
  expect(again.user.id).toBe(saved.userId)
  expect(again.is_new_user).toBe(false)
}

describe('backups', () => {
  it('embedded database: a copy of the data folder taken while stopped restores, and its users sign in', SLOW, async () => {
    const live = join(dir, 'live')
    let server = await start({ PORTICO_DATA_DIR: live })
    let saved
    try {
      saved = await populate(server)
    } finally {
      await server.close()
    }
    const archive = join(dir, 'portico-db.tgz')
    await run('tar', ['-C', live, '-czf', archive, 'db'])
    const restored = join(dir, 'restored')
    mkdirSync(restored)
    await run('tar', ['-C', restored, '-xzf', archive])
    server = await start({ PORTICO_DATA_DIR: restored })
    try {
      await checkRestored(server, saved)
    } finally {
      await server.close()
    }
  })

  it('PostgreSQL: pg_dump, then pg_restore into another database, and its users sign in', SLOW, async () => {
    let temp: TempPostgres | null = null
    const url = process.env.PORTICO_TEST_DATABASE_URL ?? (temp = await startTempPostgres()).url
    const bin = postgresBinaries()
    if (!bin) throw new Error('pg_dump and pg_restore are needed (the postgresql package).')
    const admin = new pg.Client({ connectionString: url })
    await admin.connect()
    const schema = `portico_backup_${Math.random().toString(36).slice(2, 10)}`
    const copy = `${schema}_restored`
    const inSchema = (base: string) => {
      const u = new URL(base)
      u.searchParams.set('options', `-c search_path=${schema}`)
      return u.href
    }
    try {
      await admin.query(`CREATE SCHEMA ${schema}`)
      let server = await start({ DATABASE_URL: inSchema(url) })
      let saved
      try {
        saved = await populate(server)
      } finally {
        await server.close()
      }
      const dump = join(dir, 'portico.dump')
      await run(join(bin, 'pg_dump'), ['--format=custom', `--schema=${schema}`, `--file=${dump}`, url])
      await admin.query(`CREATE DATABASE ${copy}`)
      const copyUrl = new URL(url)
      copyUrl.pathname = `/${copy}`
      await run(join(bin, 'pg_restore'), ['--no-owner', `--dbname=${copyUrl.href}`, dump])
      server = await start({ DATABASE_URL: inSchema(copyUrl.href) })
      try {
        await checkRestored(server, saved)
      } finally {
        await server.close()
      }
    } finally {
      await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`)
      await admin.query(`DROP DATABASE IF EXISTS ${copy}`)
      await admin.end()
      await temp?.remove()
    }
  })
})
