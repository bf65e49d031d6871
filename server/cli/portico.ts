#!/usr/bin/env -S npx tsx
/**
 * `portico apps ...`: the admin command line. It configures apps on a running Portico server
 * through the admin API (`/admin/v1/apps`, see server/admin.ts), so a self-hoster never edits the
 * database by hand.
 *
 * Environment: `PORTICO_API_URL` (default http://localhost:8787), `PORTICO_ADMIN_KEY` (else the
 * `admin-key` file in `PORTICO_DATA_DIR`, default `.portico`, the one `npm start` writes).
 * @module
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The API URL used when neither `--api` nor `PORTICO_API_URL` is given. */
export const DEFAULT_API_URL = 'http://localhost:8787'

/** Where {@link main} writes and what it reads; tests pass their own. */
export interface CliIo {
  /** Normal output (one call per line block). */
  out: (text: string) => void
  /** Errors and notes. */
  err: (text: string) => void
  /** The environment to read `PORTICO_*` from. @defaultValue process.env */
  env?: Record<string, string | undefined>
  /** The folder relative data dirs resolve against. @defaultValue process.cwd() */
  cwd?: string
}

/** An app as the admin API answers it. */
interface AdminApp {
  id: string
  name: string
  allowed_origins: string[]
  test_identities: { email: string; code: string }[]
  settings: Record<string, unknown>
  created_at: number
}

/** A mistake in the command line: printed with a hint, exit code 2. */
class UsageError extends Error {}
/** A failure reported by the server or the network: exit code 1. */
class CliError extends Error {}

const HELP: Record<string, string> = {
  root: `Usage: portico apps <command> [options]
       portico serve
       portico keys generate|rotate

Configure the apps of a Portico server through its admin API, run the server in production,
or manage the keys that seal secrets at rest.

Server:
  serve                                       Run the API in production (no /dev routes); it
                                              refuses to start without PORTICO_SECRET,
                                              PORTICO_ENCRYPTION_KEY, PORTICO_WALLET_SHARE_KEY,
                                              PORTICO_WALLET_RECOVERY_KEY, PORTICO_PUBLIC_URL,
                                              SMTP_URL and DATABASE_URL or PORTICO_DATA_DIR
  keys generate                               Print a new key (for any of the three keys)
  keys rotate                                 Reseal every app secret, embedded wallet secret and
                                              delegated wallet key with the first key of
                                              PORTICO_ENCRYPTION_KEY, PORTICO_WALLET_SHARE_KEY,
                                              PORTICO_WALLET_RECOVERY_KEY, PORTICO_DELEGATION_KEY
                                              (set the one you change to new,old first)

Commands:
  apps list                                   List apps
  apps create --name NAME [--origin URL]...   Create an app
  apps show <id>                              Show an app and its settings
  apps set <id> key=value...                  Change settings (dotted keys for nested ones)
  apps allowlist <id> add|remove <identity>...  Edit the allowlist (also: enable, disable)
  apps origins <id> add|remove <origin>...    Edit the allowed browser origins
  apps keys <id> [rotate | retire <kid>]      List, rotate or retire the app's token signing keys

Global options:
  --api URL     API base URL (default: PORTICO_API_URL or ${DEFAULT_API_URL})
  --json        Print the server's JSON instead of text
  -h, --help    Help for a command: portico apps set --help

The admin key comes from PORTICO_ADMIN_KEY, else from <PORTICO_DATA_DIR or .portico>/admin-key.`,
  list: `Usage: portico apps list [--json]

Lists every app: id, name, enabled login methods and allowed origins.`,
  create: `Usage: portico apps create --name NAME [--origin URL]... [--login-methods LIST] [--json]

Creates an app and prints its id.

Options:
  --name NAME            Display name (required)
  --origin URL           A browser origin allowed to call the API; repeat for several
  --login-methods LIST   Comma-separated switches, e.g. email_auth,sms_auth (default: email_auth)

Example:
  portico apps create --name "Acme" --origin http://localhost:3000 --login-methods email_auth,sms_auth`,
  show: `Usage: portico apps show <id> [--json]

Shows an app: name, origins, test identities and every setting (the captcha secret is masked).`,
  set: `Usage: portico apps set <id> key=value... [--json]

Changes settings. Values are read as JSON when they parse (true, 5, null, ["a"]), else as text;
quote text that looks like JSON: 'errorDetail="404"'. A setting that already holds text keeps
the value as text. Dotted keys reach nested settings; a list setting also takes a,b,c.
'name=...' renames the app.

Examples:
  portico apps set <id> requireUsersAcceptTerms=true termsAndConditionsUrl=https://acme.test/terms
  portico apps set <id> allowlistConfig.errorTitle="Invite only" allowlistConfig.ctaLink=https://acme.test/wait
  portico apps set <id> loginMethods=email_auth,sms_auth maxUsers=100
  portico apps set <id> otpPerDestination.limit=3 maxUsers=null
  portico apps set <id> delegatedActions.appSecret=<32+ characters> delegatedActions.authorizationKeys=<base64 P-256 key>
  portico apps set <id> embeddedWallets.userOwnedRecoveryOptions=google-drive,icloud
  portico apps set <id> cloudRecovery.googleDrive='{"clientId":"…","clientSecret":"…"}'

Delegated actions: the app's backend calls the wallet API with delegatedActions.appSecret and
signs each call with the private half of a key listed in delegatedActions.authorizationKeys
(generateAuthorizationKey of portico/plugins/delegated-actions/server); both are needed, the
secret is sealed at rest and masked in 'apps show'.`,
  allowlist: `Usage: portico apps allowlist <id> add|remove <identity>... [--json]
       portico apps allowlist <id> enable|disable

Adds or removes allowlisted identities (email addresses, E.164 phone numbers, wallet addresses;
kept lowercase). The allowlist is enforced only once enabled.

Example:
  portico apps allowlist <id> add ada@example.com +14155550100
  portico apps allowlist <id> enable`,
  origins: `Usage: portico apps origins <id> add|remove <origin>... [--json]

Adds or removes browser origins allowed to call the API for this app.

Example:
  portico apps origins <id> add https://app.acme.test http://localhost:3000`,
  keys: `Usage: portico apps keys <id> [rotate | retire <kid>] [--json]

Lists the keys that sign and verify the app's access and identity tokens; the JWKS
(/api/v1/apps/<id>/jwks.json) publishes the same keys.
  rotate         New tokens are signed with a new key; the old key keeps verifying the
                 tokens it signed (they live one hour), and the JWKS lists both
  retire <kid>   Removes an earlier key: tokens it signed stop verifying at once (their
                 users sign in again). Retire a key an hour after rotating it, or at once
                 when it leaked. The current key cannot be retired: rotate first.

Example:
  portico apps keys <id> rotate
  portico apps keys <id> retire 3kq…`,
}

/** An app's signing keys as the admin API answers them. */
interface AdminKeys {
  keys: { kid: string; status: 'current' | 'previous'; rotated_at: number | null }[]
}

/** How long access and identity tokens live (their key should stay until they expired). */
const TOKEN_LIFETIME_MS = 60 * 60 * 1000

function describeKeys(id: string, view: AdminKeys): string {
  return [
    `Signing keys of ${id}`,
    table([
      ['KID', 'STATUS', 'ROTATED'],
      ...view.keys.map((k) => [k.kid, k.status === 'current' ? 'signs' : 'verifies', k.rotated_at === null ? '—' : new Date(k.rotated_at).toISOString()]),
    ]),
  ].join('\n')
}

/** Options common to every command, and the words left after them. */
interface Parsed {
  words: string[]
  api?: string
  json: boolean
  help: boolean
  name?: string
  origins: string[]
  loginMethods?: string
}

function parseArgs(argv: readonly string[]): Parsed {
  const parsed: Parsed = { words: [], json: false, help: false, origins: [] }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1
    const flag = eq > 0 ? arg.slice(0, eq) : arg
    const value = (): string => {
      if (eq > 0) return arg.slice(eq + 1)
      const next = argv[++i]
      if (next === undefined || next.startsWith('--')) throw new UsageError(`${flag} needs a value.`)
      return next
    }
    switch (flag) {
      case '--api': parsed.api = value(); break
      case '--json': parsed.json = true; break
      case '-h':
      case '--help': parsed.help = true; break
      case '--name': parsed.name = value(); break
      case '--origin': parsed.origins.push(value()); break
      case '--login-methods': parsed.loginMethods = value(); break
      default:
        if (arg.startsWith('--')) throw new UsageError(`Unknown option ${flag}.`)
        parsed.words.push(arg)
    }
  }
  return parsed
}

/** The admin key: the environment first, then the file `npm start` writes. */
function adminKey(env: Record<string, string | undefined>, cwd: string): string {
  if (env.PORTICO_ADMIN_KEY) return env.PORTICO_ADMIN_KEY
  const file = join(resolve(cwd, env.PORTICO_DATA_DIR || '.portico'), 'admin-key')
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  throw new CliError(`No admin key: set PORTICO_ADMIN_KEY, or run where ${file} exists (npm start writes it).`)
}

/** A small admin API client that turns error bodies into {@link CliError}s. */
function client(api: string, key: string) {
  const base = api.replace(/\/+$/, '')
  return async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
    let res: Response
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${key}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    } catch (e) {
      const why = (e as { cause?: { code?: string; message?: string } }).cause
      throw new CliError(`Could not reach the Portico API at ${base} (${why?.code ?? why?.message ?? (e as Error).message}). Is the server running? Set --api or PORTICO_API_URL.`)
    }
    const text = await res.text()
    let json: unknown = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      // Not JSON: a proxy's page or a server without the admin API; reported below.
    }
    if (!res.ok) {
      const b = json as { error?: string; code?: string } | null
      if (b?.error) throw new CliError(`${b.error}${b.code ? ` (${b.code})` : ''}`)
      if (res.status === 404) throw new CliError(`The server at ${base} has no admin API (HTTP 404). Start it with an admin key.`)
      throw new CliError(`HTTP ${res.status} from ${base}${path}`)
    }
    if (json === null) throw new CliError(`The server at ${base} did not answer JSON; is --api the Portico API URL?`)
    return json as T
  }
}

/** Reads a `key=value` value: JSON when it parses, else the text as is. */
function parseValue(raw: string): unknown {
  try {
    return JSON.parse(raw)
  } catch {
    return raw
  }
}

/**
 * Applies `key=value` pairs to the app's current settings. Nested blocks are sent whole because
 * the server replaces a nested block it is given.
 */
function applyPairs(app: AdminApp, pairs: readonly string[]): { name?: string; settings: Record<string, unknown> } {
  const settings: Record<string, unknown> = {}
  let name: string | undefined
  for (const pair of pairs) {
    const eq = pair.indexOf('=')
    if (eq <= 0) throw new UsageError(`Expected key=value, got "${pair}".`)
    const key = pair.slice(0, eq).trim()
    const raw = pair.slice(eq + 1)
    if (key === 'name') {
      name = raw
      continue
    }
    const path = key.split('.')
    if (path.some((p) => p === '' || p === '__proto__' || p === 'constructor' || p === 'prototype')) {
      throw new UsageError(`Bad key "${key}".`)
    }
    const top = path[0]!
    if (path.length > 1) {
      const current = top in settings ? settings[top] : app.settings[top]
      if (current === undefined) throw new UsageError(`Unknown setting "${top}". See: portico apps show ${app.id}`)
      if (current === null || typeof current !== 'object' || Array.isArray(current)) {
        throw new UsageError(`"${top}" is not a nested setting; write ${top}=value.`)
      }
      const copy = structuredClone(current) as Record<string, unknown>
      let node = copy
      for (const p of path.slice(1, -1)) {
        const next = node[p]
        if (next === null || typeof next !== 'object' || Array.isArray(next)) node[p] = {}
        node = node[p] as Record<string, unknown>
      }
      const leaf = path[path.length - 1]!
      node[leaf] = coerce(node[leaf], raw)
      settings[top] = copy
    } else {
      settings[top] = coerce(app.settings[top], raw)
    }
  }
  return { name, settings }
}

/** A list setting also takes `a,b`; a text setting keeps the text; everything else is JSON-or-text. */
function coerce(current: unknown, raw: string): unknown {
  // A text setting stays text even when it looks like a number ('errorTitle=404').
  if (typeof current === 'string') return raw
  const value = parseValue(raw)
  if (Array.isArray(current) && typeof value === 'string') {
    return value.split(',').map((s) => s.trim()).filter(Boolean)
  }
  return value
}

/** Turns nested settings into `a.b: value` lines. */
function flatten(value: unknown, prefix: string, into: [string, string][]): [string, string][] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, into)
  } else {
    into.push([prefix, Array.isArray(value) ? (value.length ? value.join(', ') : '(none)') : value === null ? '—' : String(value)])
  }
  return into
}

function describeApp(app: AdminApp): string {
  const lines: [string, string][] = [
    ['id', app.id],
    ['name', app.name],
    ['origins', app.allowed_origins.join(', ') || '(none)'],
    ['test identities', app.test_identities.map((t) => t.email).join(', ') || '(none)'],
    ['created', new Date(app.created_at).toISOString()],
  ]
  const settings = flatten(app.settings, '', [])
  const width = Math.max(...[...lines, ...settings].map(([k]) => k.length))
  const row = ([k, v]: [string, string]) => `  ${k.padEnd(width)}  ${v}`
  return [app.name, ...lines.map(row), '', 'settings', ...settings.map(row)].join('\n')
}

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')).join('\n')
}

function originOf(raw: string): string {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new UsageError(`"${raw}" is not an origin; write it like https://app.example.com.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new UsageError(`"${raw}" must start with http:// or https://.`)
  return url.origin
}

function needId(words: string[], command: string): string {
  const id = words[2]
  if (!id) throw new UsageError(`Missing app id. Usage: portico apps ${command} <id> ...`)
  return id
}

/**
 * Runs the CLI.
 * @param argv - the arguments after the program name, e.g. `['apps', 'list', '--json']`.
 * @param io - output sinks and environment; defaults to the process's.
 * @returns the exit code: 0 on success, 1 when the server or network failed, 2 on a usage mistake.
 * @example
 * ```ts
 * import { main } from './server/cli/portico'
 * const code = await main(['apps', 'create', '--name', 'Acme', '--origin', 'http://localhost:3000'])
 * ```
 */
export async function main(argv: readonly string[], io: CliIo = defaultIo()): Promise<number> {
  const env = io.env ?? process.env
  let parsed: Parsed
  try {
    parsed = parseArgs(argv)
  } catch (e) {
    io.err(`Error: ${(e as Error).message}\nRun 'portico --help' for usage.`)
    return 2
  }
  const [group, command] = parsed.words
  if (group === 'serve' && !parsed.help) {
    const { runServe } = await import('./serve')
    return runServe(env, io)
  }
  if (group === 'keys' && (command === 'generate' || command === 'rotate') && !parsed.help) {
    const { runKeys } = await import('./keys')
    try {
      await runKeys(command, env, io.cwd ?? process.cwd(), io.out)
      return 0
    } catch (e) {
      io.err(`Error: ${(e as Error).message}`)
      return 1
    }
  }
  if (group !== 'apps' || !command || !(command in HELP) || command === 'root') {
    if (parsed.help || !group) {
      io.out(HELP.root!)
      return 0
    }
    const what = group !== 'apps' ? `Unknown command "${group}".` : command ? `Unknown command "apps ${command}".` : 'Missing a command after "apps".'
    io.err(`Error: ${what}\n\n${HELP.root}`)
    return 2
  }
  if (parsed.help) {
    io.out(HELP[command]!)
    return 0
  }
  try {
    const call = client(parsed.api ?? env.PORTICO_API_URL ?? DEFAULT_API_URL, adminKey(env, io.cwd ?? process.cwd()))
    const print = (app: AdminApp, text: string) => io.out(parsed.json ? JSON.stringify(app, null, 2) : text)
    const extra = (n: number) => {
      if (parsed.words.length > n) throw new UsageError(`Unexpected argument "${parsed.words[n]}".`)
    }
    switch (command) {
      case 'list': {
        extra(2)
        const apps = await call<AdminApp[]>('GET', '/admin/v1/apps')
        if (parsed.json) io.out(JSON.stringify(apps, null, 2))
        else if (apps.length === 0) io.out('No apps yet. Create one: portico apps create --name NAME')
        else {
          io.out(table([
            ['ID', 'NAME', 'LOGIN METHODS', 'ORIGINS'],
            ...apps.map((a) => [a.id, a.name, ((a.settings.loginMethods as string[]) ?? []).join(','), a.allowed_origins.join(',')]),
          ]))
        }
        return 0
      }
      case 'create': {
        extra(2)
        if (!parsed.name?.trim()) throw new UsageError('--name is required.')
        const settings: Record<string, unknown> = {}
        if (parsed.loginMethods !== undefined) {
          settings.loginMethods = parsed.loginMethods.split(',').map((s) => s.trim()).filter(Boolean)
        }
        const app = await call<AdminApp>('POST', '/admin/v1/apps', {
          name: parsed.name,
          allowed_origins: parsed.origins.map(originOf),
          settings,
        })
        print(app, `Created app ${app.id} (${app.name})\n  login methods: ${(app.settings.loginMethods as string[]).join(', ')}\n  origins: ${app.allowed_origins.join(', ') || '(none)'}`)
        return 0
      }
      case 'show': {
        const id = needId(parsed.words, 'show')
        extra(3)
        const app = await call<AdminApp>('GET', `/admin/v1/apps/${encodeURIComponent(id)}`)
        print(app, describeApp(app))
        return 0
      }
      case 'set': {
        const id = needId(parsed.words, 'set')
        const pairs = parsed.words.slice(3)
        if (pairs.length === 0) throw new UsageError('Give at least one key=value.')
        const current = await call<AdminApp>('GET', `/admin/v1/apps/${encodeURIComponent(id)}`)
        const { name, settings } = applyPairs(current, pairs)
        const body: Record<string, unknown> = {}
        if (name !== undefined) body.name = name
        if (Object.keys(settings).length) body.settings = settings
        const app = await call<AdminApp>('PATCH', `/admin/v1/apps/${encodeURIComponent(id)}`, body)
        const changed = pairs.map((p) => p.slice(0, p.indexOf('='))).map((k) => {
          const shown = k === 'name' ? app.name : k.split('.').reduce<unknown>((o, p) => (o as Record<string, unknown> | null)?.[p], app.settings)
          return `  ${k} = ${JSON.stringify(shown)}`
        })
        print(app, `Updated ${app.id}\n${changed.join('\n')}`)
        return 0
      }
      case 'allowlist': {
        const id = needId(parsed.words, 'allowlist')
        const action = parsed.words[3]
        const items = parsed.words.slice(4)
        if (action === 'enable' || action === 'disable') {
          extra(4)
          const app = await call<AdminApp>('PATCH', `/admin/v1/apps/${encodeURIComponent(id)}`, {
            settings: { allowlistEnabled: action === 'enable' },
          })
          print(app, `Allowlist ${action}d for ${app.id} (${(app.settings.allowlist as string[]).length} entries)`)
          return 0
        }
        if (action !== 'add' && action !== 'remove') throw new UsageError('Use: portico apps allowlist <id> add|remove <identity>... (or enable|disable)')
        if (items.length === 0) throw new UsageError(`Give at least one identity to ${action}.`)
        const current = await call<AdminApp>('GET', `/admin/v1/apps/${encodeURIComponent(id)}`)
        const list = current.settings.allowlist as string[]
        const norm = items.map((x) => x.trim().toLowerCase())
        const next = action === 'add' ? [...list, ...norm.filter((x, i) => !list.includes(x) && norm.indexOf(x) === i)] : list.filter((x) => !norm.includes(x))
        const missing = action === 'remove' ? norm.filter((x) => !list.includes(x)) : []
        const app = await call<AdminApp>('PATCH', `/admin/v1/apps/${encodeURIComponent(id)}`, { settings: { allowlist: next } })
        const saved = app.settings.allowlist as string[]
        let text = `Allowlist of ${app.id} (${saved.length}): ${saved.join(', ') || '(empty)'}`
        if (missing.length) text += `\nNot on the list: ${missing.join(', ')}`
        if (!app.settings.allowlistEnabled) text += `\nNote: the allowlist is not enforced yet; run: portico apps allowlist ${app.id} enable`
        print(app, text)
        return 0
      }
      case 'origins': {
        const id = needId(parsed.words, 'origins')
        const action = parsed.words[3]
        if (action !== 'add' && action !== 'remove') throw new UsageError('Use: portico apps origins <id> add|remove <origin>...')
        const items = parsed.words.slice(4).map(originOf)
        if (items.length === 0) throw new UsageError(`Give at least one origin to ${action}.`)
        const current = await call<AdminApp>('GET', `/admin/v1/apps/${encodeURIComponent(id)}`)
        const list = current.allowed_origins
        const next = action === 'add' ? [...list, ...items.filter((x, i) => !list.includes(x) && items.indexOf(x) === i)] : list.filter((x) => !items.includes(x))
        const missing = action === 'remove' ? items.filter((x) => !list.includes(x)) : []
        const app = await call<AdminApp>('PATCH', `/admin/v1/apps/${encodeURIComponent(id)}`, { allowed_origins: next })
        let text = `Origins of ${app.id}: ${app.allowed_origins.join(', ') || '(none)'}`
        if (missing.length) text += `\nNot on the list: ${missing.join(', ')}`
        print(app, text)
        return 0
      }
      case 'keys': {
        const id = needId(parsed.words, 'keys')
        const action = parsed.words[3]
        const path = `/admin/v1/apps/${encodeURIComponent(id)}/keys`
        const show = (view: AdminKeys, text: string) => io.out(parsed.json ? JSON.stringify(view, null, 2) : text)
        if (action === undefined) {
          extra(3)
          const view = await call<AdminKeys>('GET', path)
          show(view, describeKeys(id, view))
          return 0
        }
        if (action === 'rotate') {
          extra(4)
          const view = await call<AdminKeys>('POST', `${path}/rotate`)
          show(view, `New signing key ${view.keys[0]!.kid}; ${view.keys[1]!.kid} keeps verifying the tokens it signed.\nRetire it in an hour (when they expired): portico apps keys ${id} retire ${view.keys[1]!.kid}`)
          return 0
        }
        if (action !== 'retire') throw new UsageError('Use: portico apps keys <id> [rotate | retire <kid>]')
        const kid = parsed.words[4]
        if (!kid) throw new UsageError('Give the key id to retire (see: portico apps keys <id>).')
        extra(5)
        const before = (await call<AdminKeys>('GET', path)).keys.find((k) => k.kid === kid)
        const view = await call<AdminKeys>('DELETE', `${path}/${encodeURIComponent(kid)}`)
        const recent = before?.rotated_at != null && Date.now() - before.rotated_at < TOKEN_LIFETIME_MS
        show(view, `Retired key ${kid}: tokens it signed no longer verify.${recent ? '\nIt stopped signing less than an hour ago: users holding its tokens sign in again.' : ''}`)
        return 0
      }
    }
    return 2
  } catch (e) {
    if (e instanceof UsageError) {
      io.err(`Error: ${e.message}\nRun 'portico apps ${command} --help' for usage.`)
      return 2
    }
    io.err(`Error: ${e instanceof CliError ? e.message : String((e as Error).message ?? e)}`)
    return 1
  }
}

function defaultIo(): CliIo {
  return {
    out: (t) => process.stdout.write(t + '\n'),
    err: (t) => process.stderr.write(t + '\n'),
  }
}

// Run when executed (tsx or the `portico` bin), not when imported by tests.
// The bin is a symlink: compare real paths.
if (process.argv[1] && existsSync(process.argv[1]) && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code
  })
}
