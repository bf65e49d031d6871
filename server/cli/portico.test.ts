import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { main } from './portico'
import { emailServer } from '../../plugins/email/server'
import { guestServer } from '../../plugins/guest/server'
import { smsServer } from '../../plugins/sms/server'

const ADMIN_KEY = 'cli-admin-key-for-tests-0123456789'
const CLI = resolve(import.meta.dirname, 'portico.ts')

let t: TestInstance
beforeAll(async () => {
  // The admin API accepts the login switches of the server's plugins: these tests turn on SMS and guest logins.
  t = await createTestInstance({ adminKey: ADMIN_KEY, plugins: [emailServer(), smsServer(), guestServer()] })
})
afterAll(() => t.close())

/** Runs the CLI in-process against the test server; returns exit code and output. */
async function run(args: string[], env: Record<string, string | undefined> = {}) {
  const out: string[] = []
  const err: string[] = []
  const code = await main(args, {
    out: (s) => out.push(s),
    err: (s) => err.push(s),
    env: { PORTICO_API_URL: t.baseUrl, PORTICO_ADMIN_KEY: ADMIN_KEY, ...env },
  })
  return { code, out: out.join('\n'), err: err.join('\n') }
}

async function createApp(name = 'CLI app', extra: string[] = []): Promise<string> {
  const r = await run(['apps', 'create', '--name', name, '--json', ...extra])
  expect(r.code, r.err).toBe(0)
  return (JSON.parse(r.out) as { id: string }).id
}

/** The app as the server stores it, read straight from the admin API. */
async function fetchApp(id: string) {
  const res = await fetch(`${t.baseUrl}/admin/v1/apps/${id}`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
  return (await res.json()) as { name: string; allowed_origins: string[]; settings: Record<string, unknown> & { allowlistConfig: Record<string, unknown> } }
}

describe('portico apps create / list / show', () => {
  it('creates an app with origins and login methods, and lists it', async () => {
    const r = await run(['apps', 'create', '--name', 'Acme', '--origin', 'http://localhost:3000/', '--origin=https://acme.test', '--login-methods', 'email_auth,sms_auth'])
    expect(r.code, r.err).toBe(0)
    const id = /Created app ([a-z0-9]{25})/.exec(r.out)?.[1]
    expect(id).toBeTruthy()
    const stored = await fetchApp(id!)
    expect(stored.allowed_origins).toEqual(['http://localhost:3000', 'https://acme.test'])
    expect(stored.settings.loginMethods).toEqual(['email_auth', 'sms_auth'])

    const list = await run(['apps', 'list'])
    expect(list.code).toBe(0)
    expect(list.out).toMatch(/^ID\s+NAME\s+LOGIN METHODS\s+ORIGINS/)
    expect(list.out).toContain(id!)
    expect(list.out).toMatch(new RegExp(`${id}\\s+Acme\\s+email_auth,sms_auth\\s+http://localhost:3000,https://acme.test`))

    const json = await run(['apps', 'list', '--json'])
    expect((JSON.parse(json.out) as { id: string }[]).map((a) => a.id)).toContain(id)
  })

  it('shows an app with its nested settings as dotted keys', async () => {
    const id = await createApp('Shown')
    const r = await run(['apps', 'show', id])
    expect(r.code).toBe(0)
    expect(r.out).toMatch(new RegExp(`^\\s+id\\s+${id}$`, 'm'))
    expect(r.out).toMatch(/allowlistConfig\.errorTitle\s+—/)
    expect(r.out).toMatch(/otpPerDestination\.limit\s+5/)
    expect(r.out).toMatch(/loginMethods\s+email_auth/)
    const json = JSON.parse((await run(['apps', 'show', id, '--json'])).out) as { id: string; name: string }
    expect(json).toMatchObject({ id, name: 'Shown' })
  })

  it('fails with exit 2 and a hint when --name is missing', async () => {
    const r = await run(['apps', 'create'])
    expect(r.code).toBe(2)
    expect(r.err).toContain('--name is required.')
    expect(r.err).toContain("portico apps create --help")
  })

  it('shows the server message and exits 1 for a bad login method', async () => {
    const r = await run(['apps', 'create', '--name', 'Bad', '--login-methods', 'email_auth,carrier_pigeon'])
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/^Error: settings\.loginMethods\.1: .*\(invalid_data\)$/)
  })

  it('reports an unknown app id with the server message', async () => {
    const r = await run(['apps', 'show', 'aaaaaaaaaaaaaaaaaaaaaaaaa'])
    expect(r.code).toBe(1)
    expect(r.err).toContain('No app aaaaaaaaaaaaaaaaaaaaaaaaa.')
  })
})

describe('portico apps set', () => {
  it('parses JSON values, keeps text, and merges dotted nested keys into the current block', async () => {
    const id = await createApp('Settable')
    const first = await run(['apps', 'set', id, 'allowlistConfig.errorTitle=Invite only', 'maxUsers=10', 'requireUsersAcceptTerms=true'])
    expect(first.code, first.err).toBe(0)
    expect(first.out).toContain('allowlistConfig.errorTitle = "Invite only"')
    const second = await run(['apps', 'set', id, 'allowlistConfig.ctaLink=https://acme.test/wait', 'allowlistConfig.errorDetail="404"', 'name=Renamed'])
    expect(second.code, second.err).toBe(0)
    const stored = await fetchApp(id)
    expect(stored.name).toBe('Renamed')
    expect(stored.settings.maxUsers).toBe(10)
    expect(stored.settings.requireUsersAcceptTerms).toBe(true)
    // The second call must not wipe the title set by the first.
    expect(stored.settings.allowlistConfig).toEqual({ errorTitle: 'Invite only', errorDetail: '404', ctaText: null, ctaLink: 'https://acme.test/wait' })
  })

  it('takes comma-separated text for a list setting and JSON null', async () => {
    const id = await createApp('Lists')
    await run(['apps', 'set', id, 'maxUsers=3'])
    const r = await run(['apps', 'set', id, 'loginMethods=email_auth,guest_auth', 'maxUsers=null', 'otpPerDestination.limit=2'])
    expect(r.code, r.err).toBe(0)
    const stored = await fetchApp(id)
    expect(stored.settings.loginMethods).toEqual(['email_auth', 'guest_auth'])
    expect(stored.settings.maxUsers).toBeNull()
    expect(stored.settings.otpPerDestination).toEqual({ limit: 2, windowMs: 15 * 60 * 1000 })
  })

  it('refuses an unknown setting with the server message and changes nothing', async () => {
    const id = await createApp('Strict')
    const r = await run(['apps', 'set', id, 'colour=blue'])
    expect(r.code).toBe(1)
    expect(r.err).toMatch(/^Error: .*colour.*\(invalid_data\)$/)
    const bad = await run(['apps', 'set', id, 'theme=purple'])
    expect(bad.code).toBe(1)
    expect(bad.err).toContain('settings.theme')
    expect((await fetchApp(id)).settings.theme).toBe('light')
  })

  it('refuses a pair without = and a dotted key on a plain setting', async () => {
    const id = await createApp('Pairs')
    expect((await run(['apps', 'set', id, 'maxUsers'])).err).toContain('Expected key=value, got "maxUsers".')
    const r = await run(['apps', 'set', id, 'maxUsers.x=1'])
    expect(r.code).toBe(2)
    expect(r.err).toContain('"maxUsers" is not a nested setting')
  })
})

describe('portico apps allowlist / origins', () => {
  it('adds (lowercased, without duplicates), removes and enables allowlist entries', async () => {
    const id = await createApp('Gated')
    const add = await run(['apps', 'allowlist', id, 'add', 'Ada@Example.com', '+14155550100', 'ada@example.com'])
    expect(add.code, add.err).toBe(0)
    expect(add.out).toContain('Note: the allowlist is not enforced yet')
    expect((await fetchApp(id)).settings.allowlist).toEqual(['ada@example.com', '+14155550100'])
    const rm = await run(['apps', 'allowlist', id, 'remove', '+14155550100', 'nobody@example.com'])
    expect(rm.code).toBe(0)
    expect(rm.out).toContain('Not on the list: nobody@example.com')
    expect((await fetchApp(id)).settings.allowlist).toEqual(['ada@example.com'])
    expect((await run(['apps', 'allowlist', id, 'enable'])).code).toBe(0)
    expect((await fetchApp(id)).settings.allowlistEnabled).toBe(true)
  })

  it('the allowlist it writes is enforced by sign-in', async () => {
    const id = await createApp('Enforced')
    await run(['apps', 'allowlist', id, 'add', 'in@example.com'])
    await run(['apps', 'allowlist', id, 'enable'])
    await t.request('/api/v1/passwordless/init', { body: { email: 'out@example.com' }, appId: id })
    const code = await t.codeFor('out@example.com')
    const res = await t.request('/api/v1/passwordless/authenticate', { body: { email: 'out@example.com', code }, appId: id })
    expect(res.body.code).toBe('allowlist_rejected')
    const user = await t.login('in@example.com', { appId: id })
    expect(user.user.id).toMatch(/^did:privy:/)
  })

  it('adds and removes origins, normalised to their origin', async () => {
    const id = await createApp('Origins', ['--origin', 'http://localhost:3000'])
    const add = await run(['apps', 'origins', id, 'add', 'https://app.acme.test/path', 'http://localhost:3000'])
    expect(add.code, add.err).toBe(0)
    expect((await fetchApp(id)).allowed_origins).toEqual(['http://localhost:3000', 'https://app.acme.test'])
    await run(['apps', 'origins', id, 'remove', 'http://localhost:3000'])
    expect((await fetchApp(id)).allowed_origins).toEqual(['https://app.acme.test'])
    const bad = await run(['apps', 'origins', id, 'add', 'not a url'])
    expect(bad.code).toBe(2)
    expect(bad.err).toContain('"not a url" is not an origin')
  })
})

describe('portico CLI plumbing', () => {
  it('prints help per command, and the overview for --help', async () => {
    const root = await run(['--help'])
    expect(root.code).toBe(0)
    expect(root.out).toContain('Usage: portico apps <command>')
    const set = await run(['apps', 'set', '--help'])
    expect(set.out).toContain('Usage: portico apps set <id> key=value...')
    expect(set.out).toContain('allowlistConfig.errorTitle=')
  })

  it('exits 2 for an unknown command or option', async () => {
    expect((await run(['apps', 'explode'])).err).toContain('Unknown command "apps explode".')
    const r = await run(['apps', 'list', '--verbose'])
    expect(r.code).toBe(2)
    expect(r.err).toContain('Unknown option --verbose.')
  })

  it('refuses a wrong admin key with the server message', async () => {
    const r = await run(['apps', 'list'], { PORTICO_ADMIN_KEY: 'wrong' })
    expect(r.code).toBe(1)
    expect(r.err).toBe('Error: Missing or invalid admin key. (missing_or_invalid_token)')
  })

  it('reads the key from <PORTICO_DATA_DIR>/admin-key when the variable is unset', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'portico-cli-'))
    try {
      writeFileSync(join(dir, 'admin-key'), ADMIN_KEY + '\n')
      const r = await run(['apps', 'list'], { PORTICO_ADMIN_KEY: undefined, PORTICO_DATA_DIR: dir })
      expect(r.code, r.err).toBe(0)
      const none = await run(['apps', 'list'], { PORTICO_ADMIN_KEY: undefined, PORTICO_DATA_DIR: join(dir, 'missing') })
      expect(none.code).toBe(1)
      expect(none.err).toContain('No admin key')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('says the server cannot be reached when nothing listens', async () => {
    const r = await run(['apps', 'list', '--api', 'http://127.0.0.1:9'])
    expect(r.code).toBe(1)
    expect(r.err).toContain('Could not reach the Portico API at http://127.0.0.1:9')
  })

  it('runs as a program with tsx: output, --api flag and exit codes', async () => {
    const exec = promisify(execFile)
    const env = { ...process.env, PORTICO_ADMIN_KEY: ADMIN_KEY, PORTICO_API_URL: 'http://127.0.0.1:9' }
    const ok = await exec('npx', ['tsx', CLI, 'apps', 'create', '--name', 'From a shell', '--api', t.baseUrl], { env })
    expect(ok.stdout).toMatch(/^Created app [a-z0-9]{25} \(From a shell\)/)
    const failed = await exec('npx', ['tsx', CLI, 'apps', 'show', 'nope', '--api', t.baseUrl], { env }).then(
      () => null,
      (e: { code: number; stderr: string }) => e,
    )
    expect(failed?.code).toBe(1)
    expect(failed?.stderr).toContain('Error: No app nope.')
  })
})
