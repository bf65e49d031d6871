/**
 * What the smart-wallet client and server share: the account types, the spec's paymaster sponsored
 * defaults, the client's error codes, and the app's smart-wallet configuration read from the wire.
 * @module
 */

/** The account types of the wire contract's `smart_wallet` linked account. */
export const SMART_WALLET_TYPES = ['safe', 'kernel', 'light_account', 'biconomy', 'coinbase_smart_wallet', 'thirdweb', 'nexus'] as const

/** One of {@link SMART_WALLET_TYPES}. */
export type SmartWalletType = (typeof SMART_WALLET_TYPES)[number]

/** The paymaster context every sponsored user operation starts from (spec: mode SPONSORED, expiryDuration 300, calculateGasLimits true). */
export const SPONSORED_DEFAULTS = { mode: 'SPONSORED', expiryDuration: 300, calculateGasLimits: true } as const

/** The codes of the smart wallet's errors a user can act on. */
export const SMART_WALLET_ERROR_CODES = {
  /** The paymaster service refused to sponsor the user operation. */
  paymasterRefused: 'paymaster_refused',
  /** The bundler did not answer. */
  bundlerUnreachable: 'bundler_unreachable',
  /** The user operation's call reverted (the message carries the reason). */
  reverted: 'user_operation_reverted',
  /** The app's account type is not built by this version. */
  unsupportedType: 'smart_wallet_type_unsupported',
} as const

/**
 * The paymaster context of a sponsored user operation: the spec's defaults, then the app's context.
 * @param context - the chain's `paymaster_context`.
 * @returns the merged context.
 * @example
 * ```ts
 * sponsoredContext({ sponsorshipPolicyId: 'sp_1' })
 * // { mode: 'SPONSORED', expiryDuration: 300, calculateGasLimits: true, sponsorshipPolicyId: 'sp_1' }
 * ```
 */
export function sponsoredContext(context: Record<string, unknown> = {}): Record<string, unknown> {
  return { ...SPONSORED_DEFAULTS, ...context }
}

/** A chain of the app's smart-wallet configuration, as the client uses it. */
export interface SmartWalletNetwork {
  /** The EVM chain id. */
  chainId: number
  bundlerUrl: string
  paymasterUrl?: string
  /** The chain's JSON-RPC URL. */
  rpcUrl: string
  chainName?: string
  paymasterContext?: Record<string, unknown>
}

/** The wire's `smart_wallet_config` (`SmartWalletConfiguration`). */
export type SmartWalletConfigWire =
  | { enabled: false }
  | {
      enabled: true
      smart_wallet_type: SmartWalletType
      smart_wallet_version?: string
      configured_networks: {
        chain_id: string
        bundler_url: string
        paymaster_url?: string
        rpc_url?: string
        chain_name?: string
        paymaster_context?: Record<string, unknown>
      }[]
    }

/**
 * The client's networks from the wire configuration: a network without its own `rpc_url` takes the
 * app's RPC URL for the chain, and is left out when there is none.
 * @param config - the app response's `smart_wallet_config`.
 * @param rpcUrlOf - the app's RPC URL of a chain id, if any.
 * @returns the networks, or an empty list when smart wallets are off.
 * @example
 * ```ts
 * networksOf(appConfig.smart_wallet_config, (id) => rpcUrls[id])
 * ```
 */
export function networksOf(config: SmartWalletConfigWire | undefined, rpcUrlOf: (chainId: number) => string | undefined): SmartWalletNetwork[] {
  if (!config?.enabled) return []
  return config.configured_networks.flatMap((n) => {
    const chainId = Number(n.chain_id.replace(/^eip155:/, ''))
    const rpcUrl = n.rpc_url ?? rpcUrlOf(chainId)
    if (!Number.isSafeInteger(chainId) || !rpcUrl) return []
    return [{
      chainId,
      bundlerUrl: n.bundler_url,
      rpcUrl,
      ...(n.paymaster_url ? { paymasterUrl: n.paymaster_url } : {}),
      ...(n.chain_name ? { chainName: n.chain_name } : {}),
      ...(n.paymaster_context ? { paymasterContext: n.paymaster_context } : {}),
    }]
  })
}
