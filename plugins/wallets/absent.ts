/**
 * The wallet registry `walletsOf` answers with on a kernel without the wallets plugin: nothing to
 * list, nothing connected.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import { WALLET_ERROR_CODES } from './types'
import type { KernelWalletRegistry } from './registry'

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
