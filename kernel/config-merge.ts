/**
 * App configuration: the server's answer to `GET /api/v1/apps/:app_id` merged with the host's
 * client configuration and the registered plugins' login methods.
 * @module
 */
import type { AppConfig, ClientConfig } from './config'
import type { LoginMethodDefinition } from './plugin'
import type { AppResponse } from './wire'
import type { KernelApiClient } from './client'
import { coreRoutes } from './api'
import { PorticoError } from './errors'

/** Accent colour when neither the host nor the server sets one. */
export const DEFAULT_ACCENT_COLOR = '#4F46E5'
/** Country of phone inputs when the host sets none. */
export const DEFAULT_COUNTRY = 'US'

function enabled(server: AppResponse, method: LoginMethodDefinition): boolean {
  // `enabledBy` names the switch; custom OAuth providers are listed rather than switched.
  const switches = typeof method.enabledBy === 'string' ? [method.enabledBy] : method.enabledBy
  if (switches.some((name) => (server as unknown as Record<string, unknown>)[name] === true)) return true
  return server.custom_oauth_providers.some((p) => p.enabled && p.provider === method.id)
}

/**
 * Merges the server's app configuration with the host's.
 * Login methods: the host's order (`loginMethodsAndOrder` first, else `loginMethods`), or the
 * methods' declared `order` (then plugin order), kept only where a registered plugin offers the
 * method and its server switch is on.
 * Appearance, legal and wallet settings: the host's value, else the server's, else a default.
 * Chains: the host's `supportedChains` and `defaultChain` as given (a wallet plugin checks them and
 * fills its defaults through the `resolveConfig` hook).
 * @param server - the app configuration from the server.
 * @param client - the host's client configuration.
 * @param methods - login methods of the registered plugins.
 * @returns the merged configuration.
 * @example
 * ```ts
 * import { mergeAppConfig } from 'portico/kernel'
 * const config = mergeAppConfig(serverApp, { loginMethods: ['email'] }, [emailMethod])
 * config.loginMethods // ['email'] when the server's email_auth is on
 * ```
 */
export function mergeAppConfig(
  server: AppResponse,
  client: ClientConfig = {},
  methods: readonly LoginMethodDefinition[] = [],
): AppConfig {
  const byId = new Map(methods.map((m) => [m.id, m]))
  const usable = (ids: readonly string[]) => {
    const seen = new Set<string>()
    return ids.filter((id) => {
      const m = byId.get(id)
      if (!m || seen.has(id) || !enabled(server, m)) return false
      seen.add(id)
      return true
    })
  }

  let loginMethods: string[]
  let overflowMethods: string[] = []
  if (client.loginMethodsAndOrder) {
    loginMethods = usable(client.loginMethodsAndOrder.primary)
    overflowMethods = usable(client.loginMethodsAndOrder.overflow ?? []).filter((id) => !loginMethods.includes(id))
  } else if (client.loginMethods) {
    loginMethods = usable(client.loginMethods)
  } else {
    // Each method's declared `order`, lower first; the stable sort keeps plugin order otherwise.
    const rank = (m: LoginMethodDefinition) => m.order ?? Number.POSITIVE_INFINITY
    loginMethods = usable([...methods].sort((a, b) => rank(a) - rank(b)).map((m) => m.id))
  }

  const a = client.appearance ?? {}
  const legal = client.legal ?? {}
  return {
    server,
    appId: server.id,
    name: client.name ?? server.name,
    appearance: {
      ...a,
      theme: a.theme ?? (server.theme === 'dark' ? 'dark' : 'light'),
      accentColor: a.accentColor ?? server.accent_color ?? DEFAULT_ACCENT_COLOR,
      logo: a.logo ?? server.logo_url ?? undefined,
      loginGroupPriority: a.loginGroupPriority ?? (server.show_wallet_login_first ? 'web3' : 'web2'),
      hideDirectWeb2Inputs: a.hideDirectWeb2Inputs ?? false,
      walletChainType: a.walletChainType ?? 'ethereum-only',
      landingMode: a.landingMode ?? 'default',
    },
    loginMethods,
    overflowMethods,
    legal: {
      termsAndConditionsUrl: legal.termsAndConditionsUrl ?? server.terms_and_conditions_url ?? null,
      privacyPolicyUrl: legal.privacyPolicyUrl ?? server.privacy_policy_url ?? null,
      requireUsersAcceptTerms: legal.requireUsersAcceptTerms ?? server.require_users_accept_terms ?? false,
    },
    intl: { defaultCountry: client.intl?.defaultCountry ?? DEFAULT_COUNTRY },
    // The host's chains as given; a wallet plugin checks them and fills its defaults (`resolveConfig`).
    supportedChains: client.supportedChains ?? [],
    defaultChain: client.defaultChain ?? client.supportedChains?.[0]?.id ?? null,
  }
}

/**
 * Fetches the app configuration and merges it; switches the client to `custom_api_url` when the
 * server names one (every later request goes there).
 * @param api - the kernel's API client.
 * @param appId - the app id.
 * @param client - the host's client configuration.
 * @param methods - login methods of the registered plugins.
 * @returns the merged configuration.
 * @example
 * ```ts
 * import { loadAppConfig } from 'portico/kernel'
 * const config = await loadAppConfig(api, 'cl9...', {}, [])
 * ```
 */
export async function loadAppConfig(
  api: KernelApiClient,
  appId: string,
  client: ClientConfig | undefined,
  methods: readonly LoginMethodDefinition[],
): Promise<AppConfig> {
  const server = await api.request(coreRoutes.app, undefined, { params: { app_id: appId } })
  if (!server || typeof server !== 'object' || typeof server.id !== 'string') {
    throw new PorticoError('The app configuration from the server has no id', { code: 'invalid_app_config' })
  }
  if (server.custom_api_url) api.setBaseUrl(server.custom_api_url)
  return mergeAppConfig(server, client, methods)
}
