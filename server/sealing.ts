/**
 * Which app settings are secrets, and sealing them inside an app's stored settings. The paths come
 * from the setting declarations (the core's and each plugin's `secrets`); opening needs no list,
 * since a sealed value says it is one and its path is part of what it was sealed with.
 * @module
 */
import { SecretKeyError, type SecretBox } from './secrets'

/**
 * The core settings' secrets: the captcha secret key. Plugins declare theirs with `defineSetting({ secrets })`.
 * @example
 * ```ts
 * import { CORE_SECRET_PATHS } from 'portico/server'
 * CORE_SECRET_PATHS // ['captchaSecretKey']
 * ```
 */
export const CORE_SECRET_PATHS: readonly string[] = ['captchaSecretKey']

/** Every sealed format starts so (the version follows); anything else is clear text. */
const SEALED_MARK = 'portico:enc:'

type Tree = Record<string, unknown>

const isTree = (x: unknown): x is Tree => typeof x === 'object' && x !== null && !Array.isArray(x)

/**
 * The concrete paths (`oauthProviders.google.clientSecret`) of the string values a path pattern
 * names in `settings`; `*` matches any key of an object.
 */
function expand(settings: Tree, pattern: string): string[] {
  let found: { path: string[]; value: unknown }[] = [{ path: [], value: settings }]
  for (const part of pattern.split('.')) {
    found = found.flatMap(({ path, value }) => {
      if (!isTree(value)) return []
      const keys = part === '*' ? Object.keys(value) : Object.hasOwn(value, part) ? [part] : []
      return keys.map((k) => ({ path: [...path, k], value: value[k] }))
    })
  }
  return found.filter((f) => typeof f.value === 'string' && f.value !== '').map((f) => f.path.join('.'))
}

function read(settings: Tree, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (isTree(v) ? v[k] : undefined), settings)
}

/** A copy of `settings` with the value at each concrete path replaced (parents copied, not shared). */
function replaceAt(settings: Tree, paths: readonly string[], f: (value: string, path: string) => string): Tree {
  const out: Tree = { ...settings }
  for (const path of paths) {
    const keys = path.split('.')
    let node = out
    for (const k of keys.slice(0, -1)) {
      node[k] = { ...(node[k] as Tree) }
      node = node[k] as Tree
    }
    const last = keys[keys.length - 1]!
    node[last] = f(node[last] as string, path)
  }
  return out
}

/**
 * The concrete paths of the secrets in an app's settings: the values that `patterns` name, and
 * the values `alsoSealed` lists that are still there.
 * @param settings - the app's settings (clear or stored).
 * @param patterns - secret path patterns (`telegram.botToken`, `oauthProviders.*.clientSecret`).
 * @param alsoSealed - concrete paths sealed before (kept sealed even when no plugin declares them now).
 * @returns the concrete paths, each once.
 */
export function secretPathsIn(settings: Tree, patterns: readonly string[], alsoSealed: readonly string[] = []): string[] {
  const paths = new Set(patterns.flatMap((p) => expand(settings, p)))
  for (const p of alsoSealed) if (typeof read(settings, p) === 'string') paths.add(p)
  return [...paths]
}

/**
 * The concrete paths of the sealed values in stored settings.
 * @param stored - the settings as stored.
 * @returns every path whose value is sealed.
 */
export function sealedPathsIn(stored: Tree): string[] {
  const out: string[] = []
  const walk = (node: unknown, path: string[]) => {
    if (typeof node === 'string') {
      if (node.startsWith(SEALED_MARK)) out.push(path.join('.'))
    } else if (isTree(node)) {
      for (const [k, v] of Object.entries(node)) walk(v, [...path, k])
    }
  }
  walk(stored, [])
  return out
}

/**
 * Seals the secrets of an app's settings for storage.
 * @param box - the secret box.
 * @param appId - the app (part of what each value is sealed with).
 * @param settings - the clear settings.
 * @param paths - the concrete secret paths ({@link secretPathsIn}).
 * @returns the settings to store.
 */
export function sealSettings(box: SecretBox, appId: string, settings: Tree, paths: readonly string[]): Tree {
  return replaceAt(settings, paths, (value, path) => box.seal(value, `app:${appId}:${path}`))
}

/**
 * Opens every sealed value of stored settings, wherever it is: each was sealed with its app and path.
 * @param box - the secret box, or null when none is configured.
 * @param appId - the app.
 * @param stored - the settings as stored.
 * @returns the clear settings.
 * @throws {@link SecretKeyError} when a value is sealed and there is no key, or no listed key opens it.
 */
export function openSettings(box: SecretBox | null, appId: string, stored: Tree): Tree {
  const sealed = sealedPathsIn(stored)
  if (sealed.length === 0) return stored
  if (!box) throw new SecretKeyError(`App ${appId}'s secrets are encrypted, but no encryption key is configured (PORTICO_ENCRYPTION_KEY).`)
  return replaceAt(stored, sealed, (value, path) => box.open(value, `app:${appId}:${path}`))
}

/**
 * Replaces each secret of an app's settings with its masked form (the first four characters and
 * `…`), for the admin API.
 * @param settings - the clear settings.
 * @param paths - the concrete secret paths.
 * @returns the settings to show.
 */
export function maskSettings(settings: Tree, paths: readonly string[]): Tree {
  return replaceAt(settings, paths, (value) => `${value.slice(0, 4)}…`)
}
