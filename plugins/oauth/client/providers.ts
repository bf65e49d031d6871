/**
 * What the client shows of a provider: its name, its logo (legible on light and dark) and the
 * scopes named in the denial text. Built-in providers come from the shared table; custom ones from
 * the app configuration's `custom_oauth_providers`.
 * @module
 */
import type { AppConfig } from '../../../kernel/config'
import { OAUTH_PROVIDER_TABLE, oauthProvider, type BuiltinOAuthProvider } from '../providers'

/** A provider as the screens show it. */
export interface ProviderDisplay {
  id: string
  /** The display name, or null for a provider this page does not know (shown as 'Unknown'). */
  name: string | null
  /** An image URL (a data URI for built-in logos), or null for an unknown provider. */
  icon: string | null
  /** The permissions asked for, for the denial text; empty when unknown. */
  scopes: readonly string[]
}

const DARK_BRANDS = new Set(['#000000', '#181717'])

/**
 * A provider's logo as a data URI. Black logos sit on a white tile so they stay visible in dark mode.
 * @param path - the 24×24 SVG path.
 * @param color - the brand colour.
 * @returns the data URI.
 * @example
 * ```ts
 * logoUri(OAUTH_PROVIDER_TABLE.github.iconPath, '#181717').startsWith('data:image/svg+xml') // true
 * ```
 */
export function logoUri(path: string, color: string): string {
  const svg = DARK_BRANDS.has(color.toLowerCase())
    ? `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><rect width="24" height="24" rx="5" fill="#ffffff"/><g transform="translate(4 4) scale(0.6667)"><path fill="${color}" d="${path}"/></g></svg>`
    : `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><path fill="${color}" d="${path}"/></svg>`
  return `data:image/svg+xml,${encodeURIComponent(svg)}`
}

/**
 * Whether a name is one of the built-in providers.
 * @param provider - a provider name.
 * @returns true for `google`…`tiktok`.
 * @example
 * ```ts
 * isBuiltin('google') // true
 * ```
 */
export function isBuiltin(provider: string): provider is BuiltinOAuthProvider {
  return Object.hasOwn(OAUTH_PROVIDER_TABLE, provider)
}

/**
 * How to show a provider.
 * @param provider - the provider name (`google`, `custom:acme`).
 * @param config - the app configuration, for custom providers' names and icons.
 * @returns its display; an unknown name has a null name and icon.
 * @example
 * ```ts
 * import { providerDisplay } from 'portico/plugins/oauth'
 * providerDisplay('github', null).name // 'GitHub'
 * providerDisplay('myspace', null).name // null
 * ```
 */
export function providerDisplay(provider: string | null | undefined, config: AppConfig | null): ProviderDisplay {
  const id = provider ?? ''
  if (isBuiltin(id)) {
    const spec = OAUTH_PROVIDER_TABLE[id]
    return { id, name: spec.displayName, icon: logoUri(spec.iconPath, spec.color), scopes: spec.scopes }
  }
  const custom = config?.server.custom_oauth_providers.find((p) => p.provider === id)
  const spec = id.startsWith('custom:') ? oauthProvider(id) : undefined
  if (custom || spec) {
    return {
      id,
      name: custom?.provider_display_name || spec?.displayName || id,
      icon: custom?.provider_icon_url || (spec ? logoUri(spec.iconPath, spec.color) : null),
      scopes: spec?.scopes ?? [],
    }
  }
  return { id, name: null, icon: null, scopes: [] }
}

/**
 * Joins scopes for a sentence: 'email and profile', 'a, b and c'.
 * @param scopes - the scopes, as the provider names them.
 * @returns the phrase, or null when there are none.
 * @example
 * ```ts
 * scopePhrase(['openid', 'email', 'profile']) // 'email and profile'
 * ```
 */
export function scopePhrase(scopes: readonly string[]): string | null {
  // `openid` and `offline.access` are protocol switches, not permissions a user recognises.
  const shown = scopes.filter((s) => s !== 'openid' && s !== 'offline.access')
  if (shown.length === 0) return null
  if (shown.length === 1) return shown[0]!
  return `${shown.slice(0, -1).join(', ')} and ${shown[shown.length - 1]}`
}
