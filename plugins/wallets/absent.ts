/**
 * `walletsOf`, and the registry it answers with on a kernel without the wallets plugin: nothing to
 * list, nothing connected. Apart from `hooks.ts`, so a page that only asks `findWallets` does not
 * carry it.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import { WALLET_ERROR_CODES } from './types'
import type { KernelWalletRegistry, PorticoWallets } from './registry'
import { findWallets, type walletHooks } from './hooks'

/**
 * Builds the registry of a kernel that has no wallets plugin.
 * @returns a registry that lists no wallets and refuses to register or connect any, saying why.
 * @example
 * ```ts
 * import { absentWalletRegistry } from 'portico/plugins/wallets'
 * absentWalletRegistry().entries() // []
 * ```
 */
export function absentWalletRegistry(): KernelWalletRegistry {
  const missing = () =>
    new PorticoError('No wallet plugin is registered: add a connector plugin (injected, solana...) to use wallets', {
      code: WALLET_ERROR_CODES.notConnected,
    })
  const refuse = async (): Promise<never> => {
    throw missing()
  }
  return {
    hasSources: () => false,
    addSource() {
      throw missing()
    },
    addAuthenticator() {
      throw missing()
    },
    entries: () => [],
    canAuthenticate: () => false,
    connect: refuse,
    disconnect: async () => undefined,
    connectorOf: () => undefined,
    switchChain: refuse,
    history: () => [],
    connected: () => [],
    status: () => undefined,
    authenticator: () => undefined,
    destroy: () => undefined,
  }
}

let absent: KernelWalletRegistry | undefined

/**
 * The wallet registry of a kernel: connector entries, connections, chain switches. Without the
 * wallets plugin (no wallet plugin registered), a registry that lists nothing and refuses to connect.
 * @param owner - a plugin context or a kernel.
 * @returns the registry.
 * @example
 * ```ts
 * import { walletsOf } from 'portico/plugins/wallets'
 * const entries = walletsOf(kernel).entries()
 * ```
 */
export function walletsOf(owner: Parameters<typeof walletHooks>[0]): PorticoWallets {
  return findWallets(owner) ?? (absent ??= absentWalletRegistry())
}
