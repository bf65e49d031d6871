/**
 * The wallet registry of a kernel without wallet plugins: nothing to list, nothing connected. Wallet
 * plugins bring the real one (`walletRegistry: createWalletRegistry`), so pages that use no wallet do
 * not download it.
 * @module
 */
import { PorticoError } from './errors'
import { WALLET_ERROR_CODES } from './wallet-types'
import type { KernelWalletRegistry } from './wallets'

/**
 * Builds the registry a kernel holds when no plugin provides one.
 * @returns a registry that lists no wallets and refuses to register or connect any, saying why.
 * @example
 * ```ts
 * const wallets = plugins.find((p) => p.walletRegistry)?.walletRegistry?.(deps) ?? absentWalletRegistry()
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
