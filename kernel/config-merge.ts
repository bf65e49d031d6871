/**
 * App configuration: the server's answer to `GET /api/v1/apps/:app_id` merged with the host's
 * client configuration and the registered plugins' login methods.
 * @module
 */
import type { AppConfig, ChainConfig, ClientConfig } from './config'
import type { LoginMethodDefinition } from './plugin'
import type { AppResponse } from './wire'
import type { KernelApiClient } from './client'
import { coreRoutes } from './api'
import { PorticoError } from './errors'

/** Accent colour when neither the host nor the server sets one. */
export const DEFAULT_ACCENT_COLOR = '#4F46E5'
/** Country of phone inputs when the host sets none. */
export const DEFAULT_COUNTRY = 'US'

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

/**
 * Chains wallets may use when the host lists none: Ethereum and its main test network, and the
 * most used rollups.
 * @example
 * ```ts
 * import { DEFAULT_SUPPORTED_CHAINS } from 'portico/kernel'
 * DEFAULT_SUPPORTED_CHAINS[0].id // 'eip155:1'
 * ```
 */
export const DEFAULT_SUPPORTED_CHAINS: readonly ChainConfig[] = Object.freeze([
  { id: 'eip155:1', name: 'Ethereum', rpcUrls: ['https://cloudflare-eth.com'], nativeCurrency: ether, blockExplorerUrls: ['https://etherscan.io'] },
  { id: 'eip155:11155111', name: 'Sepolia', rpcUrls: ['https://rpc.sepolia.org'], nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 }, blockExplorerUrls: ['https://sepolia.etherscan.io'] },
  { id: 'eip155:8453', name: 'Base', rpcUrls: ['https://mainnet.base.org'], nativeCurrency: ether, blockExplorerUrls: ['https://basescan.org'] },
  { id: 'eip155:84532', name: 'Base Sepolia', rpcUrls: ['https://sepolia.base.org'], nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 }, blockExplorerUrls: ['https://sepolia.basescan.org'] },
  { id: 'eip155:10', name: 'OP Mainnet', rpcUrls: ['https://mainnet.optimism.io'], nativeCurrency: ether, blockExplorerUrls: ['https://optimistic.etherscan.io'] },
  { id: 'eip155:42161', name: 'Arbitrum One', rpcUrls: ['https://arb1.arbitrum.io/rpc'], nativeCurrency: ether, blockExplorerUrls: ['https://arbiscan.io'] },
  { id: 'eip155:137', name: 'Polygon', rpcUrls: ['https://polygon-rpc.com'], nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, blockExplorerUrls: ['https://polygonscan.com'] },
])

/** The chain wallets start on when the host names none (the spec's `0x1`). */
export const DEFAULT_CHAIN = 'eip155:1'

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/**
 * Checks the host's chain settings and fills the defaults.
 * @param client - the host's client configuration.
 * @returns the supported chains and the default chain.
 * @throws `invalid_app_config` when an id is not CAIP-2, is listed twice, or the default chain is not supported.
 * @example
 * ```ts
 * import { resolveChains } from 'portico/kernel'
 * resolveChains({}).defaultChain // 'eip155:1'
 * ```
 */
export function resolveChains(client: ClientConfig = {}): { supportedChains: readonly ChainConfig[]; defaultChain: string } {
  const supportedChains = client.supportedChains?.length ? client.supportedChains : DEFAULT_SUPPORTED_CHAINS
  const seen = new Set<string>()
  for (const c of supportedChains) {
    if (!CAIP2.test(c.id)) {
      throw new PorticoError(`Chain id "${c.id}" is not a CAIP-2 id such as eip155:1`, { code: 'invalid_app_config' })
    }
    if (seen.has(c.id)) throw new PorticoError(`Chain "${c.id}" is listed twice in supportedChains`, { code: 'invalid_app_config' })
    seen.add(c.id)
  }
  // A host that lists its own chains starts on the first of them unless it says otherwise.
  const defaultChain = client.defaultChain ?? (client.supportedChains?.length ? supportedChains[0]!.id : DEFAULT_CHAIN)
  if (!seen.has(defaultChain)) {
    throw new PorticoError(`defaultChain "${defaultChain}" is not one of supportedChains`, { code: 'invalid_app_config' })
  }
  return { supportedChains, defaultChain }
}

/**
 * Order of login methods when the host lists none: the server's enabled switches in this order,
 * then any other plugin method in registration order.
 */
export const DEFAULT_LOGIN_METHOD_ORDER: readonly string[] = [
  'email',
  'sms',
  'wallet',
  'google',
  'apple',
  'twitter',
  'discord',
  'github',
  'linkedin',
  'spotify',
  'instagram',
  'tiktok',
  'line',
  'twitch',
  'farcaster',
  'telegram',
  'passkey',
]

function enabled(server: AppResponse, method: LoginMethodDefinition): boolean {
  // `enabledBy` names the switch; custom OAuth providers are listed rather than switched.
  const switches = typeof method.enabledBy === 'string' ? [method.enabledBy] : method.enabledBy
  if (switches.some((name) => (server as unknown as Record<string, unknown>)[name] === true)) return true
  return server.custom_oauth_providers.some((p) => p.enabled && p.provider === method.id)
}

/**
 * Merges the server's app configuration with the host's.
 * Login methods: the host's order (`loginMethodsAndOrder` first, else `loginMethods`), or the
 * default order, kept only where a registered plugin offers the method and its server switch is on.
 * Appearance, legal and wallet settings: the host's value, else the server's, else a default.
 * Chains: the host's `supportedChains` and `defaultChain` (checked), else the defaults.
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
    const rank = (id: string) => {
      const i = DEFAULT_LOGIN_METHOD_ORDER.indexOf(id)
      return i === -1 ? DEFAULT_LOGIN_METHOD_ORDER.length : i
    }
    const ids = methods.map((m) => m.id)
    loginMethods = usable([...ids].sort((a, b) => rank(a) - rank(b)))
  }

  const chains = resolveChains(client)
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
    embeddedWallets: {
      createOnLogin: client.embeddedWallets?.createOnLogin ?? server.embedded_wallet_config?.create_on_login ?? 'off',
    },
    supportedChains: chains.supportedChains,
    defaultChain: chains.defaultChain,
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
