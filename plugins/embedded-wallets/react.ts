/**
 * The React side of the embedded-wallet plugin: the signed-in user's embedded wallets, creating one
 * (with the creation screens) or another from the same secret, and each wallet's EIP-1193 provider.
 * @module
 */
import { useCallback, useMemo } from 'react'
import { useKernel, usePorticoState } from '../../ui/context'
import { PorticoError } from '../../kernel/errors'
import type { FrameChainType } from '../../protocols/wallet-frame'
import { announceCreatedWallets, embeddedWalletsOf, type EmbeddedWalletInfo } from './service'
import type { EmbeddedEthereumProvider } from './provider'
import type { EmbeddedSolanaWallet } from './solana'
import { EMBEDDED_WALLET_SCREENS, EMBEDDED_WALLETS_PLUGIN_ID } from './screens'

/** Options of {@link UseEmbeddedWalletsResult.createWallet}. */
export interface CreateWalletOptions {
  /** The chain. @defaultValue 'ethereum' */
  chainType?: FrameChainType
  /**
   * Another wallet from the user's secret at this HD index (the next unused one when omitted and
   * `createAdditional` is set). Without either, creating for a chain that has a wallet is refused.
   */
  walletIndex?: number
  /** Add the next HD wallet when the user already has one on this chain. */
  createAdditional?: boolean
}

/** What {@link useEmbeddedWallets} returns. */
export interface UseEmbeddedWalletsResult {
  /** The signed-in user's embedded wallets (Ethereum first, by index); empty when signed out. */
  wallets: EmbeddedWalletInfo[]
  /**
   * Creates the user's first wallet on a chain through the creation screens (the user may cancel:
   * `exited_auth_flow`), or adds an HD wallet from the same secret without a screen.
   * @returns the new wallet. Rejects `must_be_authenticated` when nobody is signed in,
   *   `embedded_wallet_already_exists` when the chain has a wallet and no index was asked for.
   */
  createWallet(options?: CreateWalletOptions): Promise<EmbeddedWalletInfo>
  /**
   * The EIP-1193 provider of an Ethereum wallet (the first when no address is given); it works as a
   * viem `custom()` transport. Signatures show the sign request unless wallet UIs are off.
   */
  getEthereumProvider(address?: string): EmbeddedEthereumProvider
  /**
   * A Solana wallet (the first when no address is given): `signMessage` (text, after the sign
   * request unless wallet UIs are off), `signTransaction` and `signAndSendTransaction`.
   */
  getSolanaWallet(address?: string): EmbeddedSolanaWallet
  /**
   * Shows a wallet's private key, or its recovery phrase (`phrase`, HD wallets), inside the key
   * frame in the modal ('Transfer wallet'). The server asks for a recent login first.
   * @returns resolves when the user closes it.
   */
  exportWallet(options?: { address?: string; phrase?: boolean }): Promise<void>
  /**
   * Imports a private key the user types into the key frame (Ethereum hex, Solana base58); it is
   * split and stored like a created wallet, `imported: true`.
   * @returns the imported wallet; rejects `exited_auth_flow` when the user cancels.
   */
  importWallet(options?: { chainType?: FrameChainType }): Promise<EmbeddedWalletInfo>
}

/**
 * The signed-in user's embedded wallets.
 * @returns `{ wallets, createWallet, getEthereumProvider, getSolanaWallet, exportWallet, importWallet }`.
 * @example
 * ```tsx
 * import { useEmbeddedWallets } from 'portico/plugins/embedded-wallets'
 * import { createWalletClient, custom } from 'viem'
 * const { wallets, createWallet, getEthereumProvider } = useEmbeddedWallets()
 * const client = createWalletClient({ account: wallets[0].address, transport: custom(getEthereumProvider()) })
 * await client.signMessage({ account: wallets[0].address, message: 'hello' })
 * ```
 */
export function useEmbeddedWallets(): UseEmbeddedWalletsResult {
  const kernel = useKernel()
  // Re-render when the user's linked accounts change; the service reads them from the session.
  const accounts = usePorticoState((s) => s.session.user?.linked_accounts)
  const service = embeddedWalletsOf(kernel)
  const wallets = useMemo(() => (accounts ? service.wallets() : []), [accounts, service])

  const createWallet = useCallback(
    async (options: CreateWalletOptions = {}): Promise<EmbeddedWalletInfo> => {
      if (kernel.state.session.status !== 'authenticated') {
        throw new PorticoError('Log in before creating a wallet', { code: 'must_be_authenticated' })
      }
      const chainType = options.chainType ?? 'ethereum'
      const mine = service.wallets()
      const before = new Set(mine.map((w) => w.address))
      if (mine.length > 0) {
        const onChain = mine.some((w) => w.chainType === chainType && !w.imported)
        if (onChain && options.walletIndex === undefined && !options.createAdditional) {
          throw new PorticoError('The user already has an embedded wallet on this chain', { code: 'embedded_wallet_already_exists' })
        }
        const added = await service.add(chainType, options.walletIndex)
        announceCreatedWallets(kernel, before, 'user')
        return added
      }
      await kernel.contextFor(EMBEDDED_WALLETS_PLUGIN_ID).step({
        screen: EMBEDDED_WALLET_SCREENS.create,
        params: { chains: [chainType], initiator: 'user', isNewUser: false },
      })
      const created = service.wallets().find((w) => w.chainType === chainType)
      if (!created) throw new PorticoError('The wallet was not created', { code: 'embedded_wallet_create_failed' })
      announceCreatedWallets(kernel, before, 'user')
      return created
    },
    [kernel, service],
  )

  const getEthereumProvider = useCallback((address?: string) => service.getEthereumProvider(address), [service])
  const getSolanaWallet = useCallback((address?: string) => service.getSolanaWallet(address), [service])
  const exportWallet = useCallback(
    async (options: { address?: string; phrase?: boolean } = {}) => {
      const wallet = service.wallets().find((w) => options.address === undefined || w.address.toLowerCase() === options.address.toLowerCase())
      if (!wallet) throw new PorticoError('The user has no such embedded wallet', { code: 'wallet_not_found' })
      await kernel.contextFor(EMBEDDED_WALLETS_PLUGIN_ID).step({ screen: EMBEDDED_WALLET_SCREENS.export, params: { address: wallet.address, phrase: options.phrase === true } })
    },
    [kernel, service],
  )

  const importWallet = useCallback(
    async (options: { chainType?: FrameChainType } = {}) => {
      if (kernel.state.session.status !== 'authenticated') {
        throw new PorticoError('Log in before importing a wallet', { code: 'must_be_authenticated' })
      }
      const before = new Set(service.wallets().map((w) => w.address))
      await kernel.contextFor(EMBEDDED_WALLETS_PLUGIN_ID).step({ screen: EMBEDDED_WALLET_SCREENS.import, params: { chainType: options.chainType ?? 'ethereum' } })
      const imported = service.wallets().find((w) => w.imported && !before.has(w.address))
      if (!imported) throw new PorticoError('The wallet was not imported', { code: 'embedded_wallet_import_failed' })
      return imported
    },
    [kernel, service],
  )

  return { wallets, createWallet, getEthereumProvider, getSolanaWallet, exportWallet, importWallet }
}
