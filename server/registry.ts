/**
 * The server's registry: what its plugins declare (settings, login switches, linked-account types,
 * app response fields), composed once by `createServer` and read by the apps, admin, users and
 * transfers code instead of lists of their own.
 * @module
 */
import type { ServerApp } from './apps'
import type { RouteTable } from '../kernel/route'
import type { AccountLock, LinkedAccountType, ServerPlugin, SettingDeclaration, UserFieldDeclaration } from './plugin'
import type { AccountInput, AccountRecord } from './services/users'

/** The declarations of a server plugin the registry reads (a whole {@link ServerPlugin} will do). */
export type ServerDeclarations = Pick<
  ServerPlugin,
  'id' | 'settings' | 'loginSwitches' | 'accountTypes' | 'appResponse' | 'strongAccountTypes' | 'userFields'
>

/**
 * A server's plugins with the plugins they require (`ServerPlugin.requires`), each once, every
 * required plugin before the first plugin that requires it. A plugin the host lists itself is kept
 * as listed; one listed twice is refused.
 * @param plugins - the plugins as the host lists them.
 * @returns the plugins to register, in order.
 * @throws TypeError when the host lists a plugin id twice.
 * @example
 * ```ts
 * import { withRequiredPlugins } from 'portico/server'
 * import { siweServer } from 'portico/plugins/siwe/server'
 * withRequiredPlugins([siweServer()]).map((p) => p.id) // ['wallets', 'siwe']
 * ```
 */
export function withRequiredPlugins(plugins: readonly ServerPlugin<RouteTable>[]): ServerPlugin<RouteTable>[] {
  type P = ServerPlugin<RouteTable>
  const listed = new Map<string, P>()
  for (const p of plugins) {
    if (listed.has(p.id)) throw new TypeError(`Server plugin "${p.id}" is registered twice`)
    listed.set(p.id, p)
  }
  const out: P[] = []
  const placed = new Set<string>()
  const place = (p: P) => {
    if (placed.has(p.id)) return
    placed.add(p.id)
    for (const r of p.requires ?? []) place(listed.get(r.id) ?? r)
    out.push(p)
  }
  for (const p of plugins) place(p)
  return out
}

/** A linked-account type with every default filled in. */
export interface ResolvedAccountType {
  type: string
  transferable: boolean
  strong: boolean
  hidden: boolean
  guestCredential: boolean
  toWire(account: AccountRecord): Record<string, unknown>
  toIdentityToken(account: AccountRecord): Record<string, unknown>
  transferOffer(account: AccountInput): { subject?: string; displayName?: string | null; otherUser?: Record<string, unknown> }
  embeddedWalletAddress(account: AccountRecord): string | null
  locked(account: AccountInput): AccountLock | null
}

/** What the server's plugins declare, composed. */
export interface ServerRegistry {
  /** Every declared setting, in plugin order. */
  readonly settings: readonly SettingDeclaration[]
  /**
   * The secret path patterns of the declared settings, from the settings' root
   * (`telegram.botToken`, `oauthProviders.*.clientSecret`): sealed at rest, masked in the admin API.
   */
  readonly secretPaths: readonly string[]
  /** Every declared login switch name, in plugin order. */
  readonly loginSwitches: readonly string[]
  /**
   * A linked-account type's declaration with defaults (shown as stored, transferable, not strong):
   * the exact type's, else the longest matching family's (`custom:*`), else the defaults.
   */
  accountType(type: string): ResolvedAccountType
  /** Exact types declared `hidden` (guest credentials included). */
  readonly hiddenTypes: readonly string[]
  /** Exact types declared `guestCredential`. */
  readonly guestCredentialTypes: readonly string[]
  /** Whether any type is declared strong (the unlink guard is skipped otherwise). */
  readonly hasStrongTypes: boolean
  /** Exact types with a `locked` function (their accounts may be locked to their user). */
  readonly lockableTypes: readonly string[]
  /**
   * The plugins' part of the app response: each declared switch as a boolean (on when the app's
   * `loginMethods` lists it), then each plugin's `appResponse` fields.
   */
  appResponse(app: ServerApp): Record<string, unknown>
  /** The fields the plugins add to the User object, in plugin order. */
  readonly userFields: readonly UserFieldDeclaration[]
}

/** The User object's own fields: no plugin may declare them as its `userFields`. */
const CORE_USER_FIELDS = ['id', 'created_at', 'linked_accounts', 'has_accepted_terms', 'is_guest', 'custom_metadata']
/** The identity token's own claims. */
const CORE_CLAIMS = ['sub', 'cr', 'guest', 'linked_accounts', 'custom_metadata', 'iss', 'aud', 'iat', 'exp', 'sid']

const ownDetails = (account: { details: Record<string, unknown> }) => account.details

const DEFAULTS: Omit<ResolvedAccountType, 'type'> = {
  transferable: true,
  strong: false,
  hidden: false,
  guestCredential: false,
  toWire: ownDetails,
  toIdentityToken: ownDetails,
  transferOffer: () => ({}),
  embeddedWalletAddress: () => null,
  locked: () => null,
}

const FLAGS = ['transferable', 'strong', 'hidden', 'guestCredential'] as const
const HOOKS = ['toWire', 'toIdentityToken', 'transferOffer', 'embeddedWalletAddress', 'locked'] as const

/**
 * Composes the declarations of a server's plugins, checking that they do not clash: a setting key
 * or a login switch declared twice, or a linked-account type two plugins declare differently.
 * Several plugins may declare the same type (`wallet`, from the Ethereum and Solana logins) when
 * their flags agree; each of its functions may come from one of them only.
 * @param plugins - the server plugins (the core plugin included or not).
 * @param reserved - setting keys already taken (the core settings).
 * @returns the registry.
 * @throws TypeError naming the clash.
 * @example
 * ```ts
 * import { composeServerPlugins } from 'portico/server'
 * import { emailServer } from 'portico/plugins/email/server'
 * const registry = composeServerPlugins([emailServer()])
 * registry.loginSwitches // ['email_auth']
 * ```
 */
export function composeServerPlugins(plugins: readonly ServerDeclarations[], reserved: readonly string[] = []): ServerRegistry {
  const settings: SettingDeclaration[] = []
  const secretPaths: string[] = []
  const settingOwner = new Map<string, string>(reserved.map((k) => [k, 'the core']))
  const switches: string[] = []
  const switchOwner = new Map<string, string>()
  const declared = new Map<string, { decl: LinkedAccountType; owners: Map<string, string> }>()
  const userFields: UserFieldDeclaration[] = []
  const fieldOwner = new Map<string, string>(CORE_USER_FIELDS.map((f) => [f, 'the core']))

  for (const p of plugins) {
    for (const f of p.userFields ?? []) {
      const owner = fieldOwner.get(f.field)
      if (owner) throw new TypeError(`User field "${f.field}" of plugin "${p.id}" is already declared by ${owner}`)
      if (f.identityToken && CORE_CLAIMS.includes(f.field)) throw new TypeError(`User field "${f.field}" of plugin "${p.id}" would replace an identity token claim`)
      if (!/^[a-z][a-z0-9_]*$/.test(f.field)) throw new TypeError(`User field "${f.field}" of plugin "${p.id}" must be snake_case`)
      fieldOwner.set(f.field, `plugin "${p.id}"`)
      userFields.push(f)
    }
    for (const s of p.settings ?? []) {
      const owner = settingOwner.get(s.key)
      if (owner) throw new TypeError(`Setting "${s.key}" of plugin "${p.id}" is already declared by ${owner}`)
      settingOwner.set(s.key, `plugin "${p.id}"`)
      settings.push(s)
      for (const path of s.secrets ?? []) {
        if (path !== '' && path.split('.').some((part) => part === '')) {
          throw new TypeError(`Setting "${s.key}" of plugin "${p.id}" declares the secret path "${path}", which has an empty part`)
        }
        secretPaths.push(path === '' ? s.key : `${s.key}.${path}`)
      }
    }
    for (const sw of p.loginSwitches ?? []) {
      const owner = switchOwner.get(sw.name)
      if (owner) throw new TypeError(`Login switch "${sw.name}" of plugin "${p.id}" is already declared by plugin "${owner}"`)
      switchOwner.set(sw.name, p.id)
      switches.push(sw.name)
    }
    const types = [...(p.accountTypes ?? []), ...(p.strongAccountTypes ?? []).map((type) => ({ type, strong: true }))]
    for (const t of types) addAccountType(declared, p.id, t)
  }

  const resolved = new Map<string, ResolvedAccountType>()
  for (const [type, { decl }] of declared) {
    const guestCredential = decl.guestCredential ?? false
    if (type.endsWith('*') && (decl.hidden || guestCredential)) {
      throw new TypeError(`Account type family "${type}" cannot be hidden: declare each hidden type exactly`)
    }
    if (type.endsWith('*') && decl.locked) {
      throw new TypeError(`Account type family "${type}" cannot lock its accounts: declare each such type exactly`)
    }
    resolved.set(type, {
      ...DEFAULTS,
      ...Object.fromEntries(Object.entries(decl).filter(([, v]) => v !== undefined)),
      type,
      hidden: (decl.hidden ?? false) || guestCredential,
      guestCredential,
    } as ResolvedAccountType)
  }
  const families = [...resolved.values()]
    .filter((t) => t.type.endsWith('*'))
    .sort((a, b) => b.type.length - a.type.length)
  const accountType = (type: string): ResolvedAccountType =>
    resolved.get(type) ?? families.find((f) => type.startsWith(f.type.slice(0, -1))) ?? { ...DEFAULTS, type }

  const exact = [...resolved.values()].filter((t) => !t.type.endsWith('*'))
  const extras = plugins.flatMap((p) => (p.appResponse ? [p.appResponse] : []))
  return {
    settings,
    secretPaths,
    loginSwitches: switches,
    accountType,
    hiddenTypes: exact.filter((t) => t.hidden).map((t) => t.type),
    guestCredentialTypes: exact.filter((t) => t.guestCredential).map((t) => t.type),
    hasStrongTypes: [...resolved.values()].some((t) => t.strong),
    lockableTypes: [...declared].filter(([, { decl }]) => decl.locked).map(([type]) => type),
    userFields,
    appResponse(app) {
      const on = new Set(app.settings.loginMethods)
      const out: Record<string, unknown> = Object.fromEntries(switches.map((name) => [name, on.has(name)]))
      for (const fields of extras) Object.assign(out, fields(app))
      return out
    },
  }
}

function addAccountType(
  declared: Map<string, { decl: LinkedAccountType; owners: Map<string, string> }>,
  pluginId: string,
  t: LinkedAccountType,
): void {
  const seen = declared.get(t.type)
  if (!seen) {
    const owners = new Map<string, string>()
    for (const k of [...FLAGS, ...HOOKS]) if (t[k] !== undefined) owners.set(k, pluginId)
    declared.set(t.type, { decl: { ...t }, owners })
    return
  }
  for (const k of FLAGS) {
    if (t[k] === undefined) continue
    if (seen.decl[k] !== undefined && seen.decl[k] !== t[k]) {
      throw new TypeError(`Account type "${t.type}": plugin "${pluginId}" declares ${k} ${t[k]}, plugin "${seen.owners.get(k)}" ${seen.decl[k]}`)
    }
    seen.decl[k] = t[k] as never
    seen.owners.set(k, seen.owners.get(k) ?? pluginId)
  }
  for (const k of HOOKS) {
    if (t[k] === undefined) continue
    if (seen.decl[k] !== undefined) {
      throw new TypeError(`Account type "${t.type}": ${k} is given by plugin "${seen.owners.get(k)}" and plugin "${pluginId}"`)
    }
    seen.decl[k] = t[k] as never
    seen.owners.set(k, pluginId)
  }
}

/** The registry of a server without plugins: every account type behaves as the defaults say. */
export const EMPTY_REGISTRY: ServerRegistry = composeServerPlugins([])
