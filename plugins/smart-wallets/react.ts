/**
 * The React side of the smart-wallet plugin: the signed-in user's smart account per chain, built
 * lazily over the embedded wallet's provider, and its link to the user as `smart_wallet`.
 * @module
 */
import { useCallback, useMemo } from 'react'
import type { EIP1193Provider } from 'viem'
import { useKernel, usePorticoState } from '../../ui/context'
import { PorticoError } from '../../kernel/errors'
import type { Kernel } from '../../kernel/types'
import { useEmbeddedWallets } from '../embedded-wallets'
import { createSiweMessage, SIWE_RESOURCE, SIWE_STATEMENT, siweRoutes } from '../siwe'
import type { PluginContext } from '../../kernel/plugin'
import type { SmartWallet, SmartWalletCall } from './account'
import type * as ReviewModule_ from './review'
import { smartWalletRoutes } from './api'
import { networksOf, type SmartWalletConfigWire, type SmartWalletNetwork } from './config'
import type { SmartWalletsState } from './index'

const PLUGIN_ID = 'smart-wallets'

/** What {@link useSmartWallets} returns. */
export interface UseSmartWalletsResult {
  /** Whether the app has smart wallets on (and the user an embedded wallet to own one). */
  enabled: boolean
  /** The chains the app's smart wallets run on. */
  networks: SmartWalletNetwork[]
  /**
   * The user's smart account on a chain (the first configured when none is given), built over the
   * embedded wallet on first use and linked to the user as `smart_wallet` (its address is known before
   * deployment). Rejects `must_be_authenticated`, `smart_wallets_disabled`, `unsupported_chain`.
   */
  getClient(chainId?: number): Promise<SmartWallet>
}

// One account per kernel, owner and chain: building one reads the chain, linking it signs.
const built = new WeakMap<Kernel, Map<string, Promise<SmartWallet>>>()

/**
 * The signed-in user's smart wallets.
 * @returns `{ enabled, networks, getClient }`.
 * @example
 * ```tsx
 * import { useSmartWallets } from 'portico/plugins/smart-wallets'
 * const { getClient } = useSmartWallets()
 * const wallet = await getClient()
 * await wallet.sendTransaction([{ to: a, value: 1n }, { to: b, value: 2n }])
 * ```
 */
export function useSmartWallets(): UseSmartWalletsResult {
  const kernel = useKernel()
  const config = usePorticoState((s) => s.config?.server.smart_wallet_config) as SmartWalletConfigWire | undefined
  const chains = usePorticoState((s) => s.config?.supportedChains)
  const { wallets, getEthereumProvider } = useEmbeddedWallets()
  const owner = wallets.find((w) => w.chainType === 'ethereum')
  const networks = useMemo(
    () => networksOf(config, (id) => chains?.find((c) => c.id === `eip155:${id}`)?.rpcUrls[0]),
    [config, chains],
  )

  const getClient = useCallback(
    async (chainId?: number): Promise<SmartWallet> => {
      const ctx = kernel.contextFor(PLUGIN_ID)
      if (ctx.session().status !== 'authenticated') throw new PorticoError('Log in before using a smart wallet', { code: 'must_be_authenticated' })
      if (!config?.enabled || !owner) throw new PorticoError('Smart wallets are not enabled for this user', { code: 'smart_wallets_disabled' })
      const network = chainId === undefined ? networks[0] : networks.find((n) => n.chainId === chainId)
      if (!network) throw new PorticoError(`No smart wallet on chain ${String(chainId)}`, { code: 'unsupported_chain' })
      const cache = built.get(kernel) ?? new Map<string, Promise<SmartWallet>>()
      built.set(kernel, cache)
      const key = `${owner.address}:${network.chainId}`
      let pending = cache.get(key)
      if (!pending) {
        const contracts = (ctx.state as SmartWalletsState).contracts[network.chainId]
        pending = Promise.all([import('./account'), import('./review')])
          .then(async ([{ createSmartWallet }, review]) => {
            const wallet = await createSmartWallet({ type: config.smart_wallet_type, network, owner: getEthereumProvider(owner.address) as EIP1193Provider, contracts })
            return reviewed(ctx, wallet, network, review)
          })
          .then(async (wallet) => {
            await linkOnce(kernel, wallet)
            return wallet
          })
        pending.catch(() => cache.delete(key))
        cache.set(key, pending)
      }
      return pending
    },
    [kernel, config, owner, networks, getEthereumProvider],
  )

  return { enabled: Boolean(config?.enabled && owner), networks, getClient }
}

type ReviewModule = typeof ReviewModule_

/**
 * The wallet whose `sendTransaction` and `sendUserOperation` show the user operation on the transaction screens first,
 * when the app shows wallet UIs and a plugin reviews transactions (looked up at each send).
 */
function reviewed(ctx: PluginContext, wallet: SmartWallet, network: SmartWalletNetwork, review: ReviewModule): SmartWallet {
  const sendTransaction = (calls: SmartWalletCall | readonly SmartWalletCall[]) => {
    const list = Array.isArray(calls) ? calls : [calls as SmartWalletCall]
    const screen = review.reviewScreen(ctx)
    return screen ? review.reviewUserOperation(ctx, screen, wallet, network, list) : wallet.sendTransaction(list)
  }
  return {
    ...wallet,
    sendTransaction,
    // Reviewed too: the review's receipt waits for the inclusion, so the hash comes after it.
    sendUserOperation: async (calls) => (review.reviewScreen(ctx) ? (await sendTransaction(calls)).userOperationHash : wallet.sendUserOperation(calls)),
  }
}

/** Links the account as the user's `smart_wallet` unless it is already: the account signs a SIWE message (ERC-6492 before deployment). */
async function linkOnce(kernel: Kernel, wallet: SmartWallet): Promise<void> {
  const ctx = kernel.contextFor(PLUGIN_ID)
  const linked = ctx.session().user?.linked_accounts.some(
    (a: { type: string; address?: unknown }) => a.type === 'smart_wallet' && typeof a.address === 'string' && a.address.toLowerCase() === wallet.address.toLowerCase(),
  )
  if (linked) return
  const init = await ctx.api.request(siweRoutes.init, { address: wallet.address })
  const message = createSiweMessage({
    domain: globalThis.location.host,
    address: init.address,
    statement: SIWE_STATEMENT,
    uri: globalThis.location.origin,
    version: '1',
    chainId: wallet.chainId,
    nonce: init.nonce,
    issuedAt: new Date(),
    resources: [SIWE_RESOURCE],
  })
  const signature = await wallet.signMessage(message)
  await ctx.link(() => ctx.api.request(smartWalletRoutes.link, { message, signature, smart_wallet_type: wallet.type }), {
    method: PLUGIN_ID,
    handle: wallet.address,
  })
}
