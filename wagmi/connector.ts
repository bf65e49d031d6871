/**
 * The wagmi connector that makes Portico's active wallet wagmi's account, and the binding that
 * keeps wagmi in step with it. No React here: `./provider` calls {@link followInWagmi} from an effect.
 * @module
 */
import { ChainNotConfiguredError, ProviderNotFoundError, createConnector, type Config, type Connector, type CreateConnectorFn } from 'wagmi'
import { SwitchChainError, UserRejectedRequestError, getAddress, type Address } from 'viem'
import { WALLET_ERROR_CODES, type Eip1193Provider, type WalletHandle } from 'portico/plugins/wallets'

/** The id (and type) of the Portico connector in a wagmi config. */
export const PORTICO_CONNECTOR_ID = 'portico'

/** What the connector needs of a Portico wallet: an Ethereum `WalletHandle` from `useWallets()`. */
export type PorticoWagmiWallet = Pick<WalletHandle, 'address' | 'chainId' | 'getEthereumProvider' | 'switchChain' | 'disconnect'>

/** What the Portico connector adds to wagmi's connector. */
export interface PorticoConnectorProperties extends Record<string, unknown> {
  /**
   * Follows a wallet: wagmi's account becomes this wallet (a `connect` event when there was none, a
   * `change` event when the address or chain differs), or none (a `disconnect` event). Idempotent;
   * a later call wins over one still loading the wallet's provider.
   * @param wallet - the active wallet, or null.
   */
  follow(wallet: PorticoWagmiWallet | null): Promise<void>
  /** The account and chain of the wallet followed now, or null (none, or wagmi disconnected it). */
  followed(): { address: Address; chainId: number } | null
}

/** The Portico connector as it sits in a wagmi config. */
export type PorticoConnector = Connector<CreateConnectorFn<Eip1193Provider, PorticoConnectorProperties>>

/** Thrown by the connector's `connect()` and `switchChain()` while Portico has no wallet for wagmi. */
export class PorticoNoWalletError extends Error {
  override name = 'PorticoNoWalletError'
  constructor() {
    super('Portico has no connected Ethereum wallet: sign in or connect a wallet with Portico first')
  }
}

/** The wallet followed, with what was read from it. */
interface Followed {
  wallet: PorticoWagmiWallet
  provider: Eip1193Provider
  address: Address
  chainId: number
}

/** The numeric chain id of a CAIP-2 `eip155:<n>` id. */
function chainNumber(caip2: string): number {
  return Number(caip2.slice(caip2.indexOf(':') + 1))
}

function codeOf(error: unknown): unknown {
  return (error as { code?: unknown } | null)?.code
}

/**
 * The wagmi connector of Portico's wallets. It holds no wallet of its own: it follows the wallet
 * Portico makes active (the newest Ethereum wallet, or the one the host picks with
 * `useSetActiveWallet()`), and hands wagmi that wallet's EIP-1193 provider, so an embedded wallet's
 * signatures and transactions still go through Portico's screens. `createConfig` from
 * `portico/wagmi` adds it; `WagmiProvider` from `portico/wagmi` feeds it.
 * `connect()` succeeds only while Portico has a wallet (sign in or connect one with Portico's
 * `login()` or `connectWallet()`); `disconnect()` disconnects the wallet in Portico too.
 * @returns the connector function for wagmi's `createConfig({ connectors })`.
 * @example
 * ```ts
 * import { createConfig, http } from 'wagmi'
 * import { mainnet } from 'wagmi/chains'
 * import { porticoConnector } from 'portico/wagmi'
 * const config = createConfig({ chains: [mainnet], connectors: [porticoConnector()], transports: { [mainnet.id]: http() } })
 * ```
 */
export function porticoConnector(): CreateConnectorFn<Eip1193Provider, PorticoConnectorProperties> {
  return createConnector<Eip1193Provider, PorticoConnectorProperties>((config) => {
    let current: Followed | null = null
    let generation = 0

    const announce = (next: Followed) => {
      const prev = current
      current = next
      if (!prev) {
        config.emitter.emit('connect', { accounts: [next.address], chainId: next.chainId })
        return
      }
      const accounts = prev.address !== next.address ? [next.address] : undefined
      const chainId = prev.chainId !== next.chainId ? next.chainId : undefined
      if (accounts || chainId !== undefined) config.emitter.emit('change', { ...(accounts ? { accounts } : {}), ...(chainId !== undefined ? { chainId } : {}) })
    }

    const drop = () => {
      if (!current) return
      current = null
      config.emitter.emit('disconnect')
    }

    return {
      id: PORTICO_CONNECTOR_ID,
      name: 'Portico',
      type: PORTICO_CONNECTOR_ID,

      async connect({ chainId, withCapabilities } = {}) {
        if (!current) throw new PorticoNoWalletError()
        if (chainId !== undefined && chainId !== current.chainId) await this.switchChain!({ chainId })
        const accounts = [current.address]
        return {
          accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
          chainId: current.chainId,
        }
      },

      async disconnect() {
        const followed = current
        current = null
        generation++
        if (!followed) return
        try {
          await followed.wallet.disconnect()
        } catch (error) {
          // Already gone from Portico: nothing left to end.
          if (codeOf(error) !== WALLET_ERROR_CODES.notConnected) throw error
        }
      },

      async getAccounts() {
        return current ? [current.address] : []
      },

      async getChainId() {
        return current?.chainId ?? config.chains[0].id
      },

      async getProvider() {
        if (!current) throw new ProviderNotFoundError()
        return current.provider
      },

      async isAuthorized() {
        return current !== null
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId)
        if (!chain) throw new SwitchChainError(new ChainNotConfiguredError())
        const followed = current
        if (!followed) throw new PorticoNoWalletError()
        try {
          await followed.wallet.switchChain(chainId)
        } catch (error) {
          if (codeOf(error) === WALLET_ERROR_CODES.rejected) throw new UserRejectedRequestError(error as Error)
          throw new SwitchChainError(error as Error)
        }
        if (current === followed) announce({ ...followed, chainId })
        return chain
      },

      onAccountsChanged(accounts) {
        if (!current) return
        if (accounts.length === 0) drop()
        else announce({ ...current, address: getAddress(accounts[0]!) })
      },

      onChainChanged(chainId) {
        if (current) announce({ ...current, chainId: Number(chainId) })
      },

      onDisconnect() {
        drop()
      },

      followed() {
        return current ? { address: current.address, chainId: current.chainId } : null
      },

      async follow(wallet) {
        const mine = ++generation
        if (!wallet) {
          drop()
          return
        }
        const address = getAddress(wallet.address)
        const chainId = chainNumber(wallet.chainId)
        if (current && current.wallet === wallet) return
        if (current && current.address === address && current.chainId === chainId) {
          current = { ...current, wallet }
          return
        }
        let provider: Eip1193Provider
        try {
          provider = await wallet.getEthereumProvider()
        } catch {
          // The wallet left while its provider loaded: the next follow() brings the one that replaced it.
          return
        }
        if (mine !== generation) return
        announce({ wallet, provider, address, chainId })
      },
    }
  })
}

/** Whether a wagmi connector is the Portico connector. */
export function isPorticoConnector(connector: Connector): connector is PorticoConnector {
  return connector.type === PORTICO_CONNECTOR_ID && typeof (connector as Partial<PorticoConnector>).follow === 'function'
}

/**
 * Keeps a wagmi config on a wallet: the Portico connector follows it, and whenever wagmi is idle
 * while the wallet is there, wagmi's connection of that connector is made to match it: made again
 * when missing (wagmi was busy reconnecting when the wallet came, or the host disconnected it), put
 * right when wagmi's own reconnect wrote an account or chain the wallet has since left.
 * @param config - the wagmi config; it must list the Portico connector.
 * @param wallet - the active wallet, or null.
 * @returns a stop function.
 * @throws when the config has no Portico connector.
 */
export function followInWagmi(config: Config, wallet: PorticoWagmiWallet | null): () => void {
  const connector = config.connectors.find(isPorticoConnector)
  if (!connector) {
    throw new Error('The wagmi config has no Portico connector: create it with createConfig from portico/wagmi, or add porticoConnector()')
  }
  let live = true
  const busy = () => config.state.status === 'connecting' || config.state.status === 'reconnecting'
  // Synchronous, so wagmi's state and the connector's are read at the same moment.
  const ensure = () => {
    const now = connector.followed()
    if (!live || !wallet || !now || busy()) return
    const accounts = [now.address]
    const connection = config.state.connections.get(connector.uid)
    if (!connection) connector.emitter.emit('connect', { accounts, chainId: now.chainId })
    else if (connection.accounts[0] !== now.address || connection.chainId !== now.chainId) connector.emitter.emit('change', { accounts, chainId: now.chainId })
  }
  void connector.follow(wallet).then(ensure)
  const stop = config.subscribe((state) => state.status, ensure)
  return () => {
    live = false
    stop()
  }
}
