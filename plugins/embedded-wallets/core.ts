/**
 * The embedded wallet's client core: the service its screens call, over the wallet frame. The
 * frame's transport loads on first use, so a page pays for it only once a wallet is needed.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import type { PluginContext } from '../../kernel/plugin'
import type { LinkedAccount } from '../../kernel/wire'
import type { FrameChainType, FrameRpcRequest } from '../../protocols/wallet-frame'
import { loadOnce } from '../../kernel/load-once'
import { createEmbeddedEthereumProvider, type EmbeddedEthereumProvider, type PreparedTransaction } from './provider'
import { createEmbeddedSolanaWallet, solanaRpcUrl, type SolanaReviewRequest } from './solana'
import type { CreateOnLogin, EmbeddedWalletInfo, EmbeddedWalletService, EmbeddedWalletSettings, RecoveryMethod } from './service'

/** Options of the embedded-wallets plugin (the host's, over the app's settings). */
export interface EmbeddedWalletsOptions {
  /** Per chain: when to create a wallet after login. @defaultValue Ethereum: the app's `create_on_login`; Solana: 'off' */
  createOnLogin?: Partial<Record<FrameChainType, CreateOnLogin>>
  /** Show the sign-request screen before each signature. @defaultValue the app's `show_wallet_uis`, else true */
  showWalletUIs?: boolean
}

/** The steps the core asks the user through; without them it signs and recovers without screens. */
export interface CoreSteps {
  /** Asks the user to approve a signature; rejects (4001) when they decline. */
  confirm?(wallet: EmbeddedWalletInfo, request: FrameRpcRequest): Promise<void>
  /**
   * Asks the user to recover on a device without the wallet (their password, or their cloud storage's
   * sign-in for `google-drive`/`icloud`); rejects when they leave.
   * @param error - the frame's `recovery_needed` failure (its `data.recoveryMethod` names the method).
   */
  recover?(error: unknown): Promise<void>
  /**
   * Shows a transaction before it is signed (when a plugin reviews transactions) and sends it on
   * approval; resolves with the hash, rejects (4001) when they decline.
   */
  review?(wallet: EmbeddedWalletInfo, transaction: PreparedTransaction): Promise<string>
  /** Shows a Solana transaction before it is signed (and runs its send from there); rejects (4001) when they decline. */
  reviewSolana?(wallet: EmbeddedWalletInfo, request: SolanaReviewRequest): Promise<void>
}

/** The service plus what the plugin itself needs of it. */
export interface EmbeddedWalletCore extends EmbeddedWalletService {
  /** Signs with one of the user's wallets in the frame (no screen). */
  sign(wallet: EmbeddedWalletInfo, request: FrameRpcRequest): Promise<string>
  /**
   * Starts creating wallets with automatic recovery ahead of the creation screen (while the login's
   * success state shows); the screen's own `create` with the same chains and recovery takes it over.
   */
  prepareCreation(chains: readonly FrameChainType[]): void
  /** Forgets what the frame holds in memory (logout, revoke). */
  clear(): Promise<void>
  /** Removes the frame. */
  destroy(): void
}

const CHAINS: readonly FrameChainType[] = ['ethereum', 'solana']

function isEmbedded(a: LinkedAccount): boolean {
  const r = a as Record<string, unknown>
  return a.type === 'wallet' && r.wallet_client_type === 'privy' && r.connector_type === 'embedded'
}

/**
 * The secret a wallet derives from: an imported key is its own; HD wallets share the secret whose
 * first wallet is index 0 of the chain it was created on (Ethereum when the user has one).
 */
export function entropyIdOf(wallet: EmbeddedWalletInfo, all: readonly EmbeddedWalletInfo[]): string {
  if (wallet.imported) return wallet.address
  const first = all.find((w) => !w.imported && w.walletIndex === 0 && w.chainType === 'ethereum') ?? all.find((w) => !w.imported && w.walletIndex === 0)
  return (first ?? wallet).address
}

/**
 * Builds the service of one kernel.
 * @param ctx - the plugin's context.
 * @param options - the host's options.
 * @param steps - the screens it asks the user through.
 * @returns the core.
 */
export function createEmbeddedWalletCore(
  ctx: PluginContext,
  options: EmbeddedWalletsOptions,
  steps: CoreSteps = {},
): EmbeddedWalletCore {
  const { confirm } = steps
  /** The providers handed out, by lower-case address; a logout forgets them. */
  const providers = new Map<string, EmbeddedEthereumProvider>()

  function serverConfig(): Record<string, unknown> {
    const raw = (ctx.config() as { server?: Record<string, unknown> } | null)?.server
    return ((raw?.embedded_wallet_config as Record<string, unknown> | undefined) ?? {}) as Record<string, unknown>
  }

  function settings(): EmbeddedWalletSettings {
    const server = serverConfig()
    const perChain = (chain: FrameChainType): CreateOnLogin => {
      const fromHost = options.createOnLogin?.[chain]
      if (fromHost) return fromHost
      const fromServer = (server[chain] as { create_on_login?: CreateOnLogin } | undefined)?.create_on_login
      if (fromServer) return fromServer
      // The app's single setting (the contract's `create_on_login`) is the Ethereum wallet's.
      const single = server.create_on_login as CreateOnLogin | undefined
      return chain === 'ethereum' && single ? single : 'off'
    }
    const owned = Array.isArray(server.user_owned_recovery_options) ? (server.user_owned_recovery_options as string[]) : []
    return {
      createOnLogin: { ethereum: perChain('ethereum'), solana: perChain('solana') },
      requireUserOwnedRecoveryOnCreate: server.require_user_owned_recovery_on_create === true,
      userOwnedRecoveryOptions: owned.filter((m): m is Exclude<RecoveryMethod, 'privy'> => m === 'user-passcode' || m === 'google-drive' || m === 'icloud'),
      showWalletUIs: options.showWalletUIs ?? (typeof server.show_wallet_uis === 'boolean' ? server.show_wallet_uis : true),
    }
  }

  function wallets(): EmbeddedWalletInfo[] {
    const accounts = ctx.session().user?.linked_accounts ?? []
    return accounts
      .filter(isEmbedded)
      .map((a) => {
        const r = a as Record<string, unknown>
        return {
          address: String(r.address),
          chainType: r.chain_type === 'solana' ? 'solana' : 'ethereum',
          walletIndex: typeof r.wallet_index === 'number' ? r.wallet_index : 0,
          imported: r.imported === true,
          recoveryMethod: (r.recovery_method as RecoveryMethod | undefined) ?? 'privy',
        } satisfies EmbeddedWalletInfo
      })
      .sort((a, b) => CHAINS.indexOf(a.chainType) - CHAINS.indexOf(b.chainType) || a.walletIndex - b.walletIndex)
  }

  function chainsToCreate(): FrameChainType[] {
    const user = ctx.session().user
    if (!user) return []
    const mine = wallets()
    const anyWallet = user.linked_accounts.some((a) => a.type === 'wallet')
    const s = settings()
    return CHAINS.filter((chain) => {
      const when = s.createOnLogin[chain]
      if (when === 'off' || mine.some((w) => w.chainType === chain && !w.imported)) return false
      return when === 'all-users' || !anyWallet
    })
  }

  // What runs in the frame loads with the first operation; until then there is no frame to clear.
  let opsLoaded = false
  const ops = loadOnce(() =>
    import('./frame-ops').then((m) => {
      opsLoaded = true
      return m.frameOperations(ctx, steps, wallets)
    }),
  )

  const core: EmbeddedWalletCore = {
    settings,
    wallets,
    chainsToCreate,
    create: async (chains, recovery) => (await ops()).create(chains, recovery),
    prepareCreation(chains) {
      // The screen's `create` waits on the same load, so it finds this creation started.
      void ops().then((o) => o.prepareCreation(chains), () => undefined)
    },
    connect: async () => (await ops()).connect(),
    recover: async (password) => (await ops()).recover(password),
    cloudSignIn: async (provider, redirectTo) => (await ops()).cloudSignIn(provider, redirectTo),
    recoverWithCloud: async (authorization) => (await ops()).recoverWithCloud(authorization),
    add: async (chainType, walletIndex) => (await ops()).add(chainType, walletIndex),
    setRecovery: async (recovery) => (await ops()).setRecovery(recovery),
    delegate: async (wallet) => (await ops()).delegate(wallet),
    sign: async (wallet, request) => (await ops()).sign(wallet, request),
    getEthereumProvider(address) {
      const wallet = wallets().find((w) => w.chainType === 'ethereum' && (address === undefined || w.address.toLowerCase() === address.toLowerCase()))
      if (!wallet) throw new PorticoError('The user has no such embedded Ethereum wallet', { code: 'wallet_not_found' })
      // One provider per wallet, so its chain and listeners are the same wherever the host asks.
      const key = wallet.address.toLowerCase()
      const known = providers.get(key)
      if (known) return known
      const config = ctx.config()
      const chains = (config?.supportedChains ?? [])
        .filter((c) => c.id.startsWith('eip155:') && c.rpcUrls[0])
        .map((c) => ({ id: Number(c.id.slice('eip155:'.length)), rpcUrl: c.rpcUrls[0]! }))
      const start = config?.defaultChain?.startsWith('eip155:') ? Number(config.defaultChain.slice(7)) : (chains[0]?.id ?? 1)
      const showUi = settings().showWalletUIs && confirm
      const provider = createEmbeddedEthereumProvider({
        wallet,
        chains,
        chainId: start,
        sign: (request) => core.sign(wallet, request),
        ...(showUi ? { confirm: (request: FrameRpcRequest) => confirm(wallet, request) } : {}),
        ...(settings().showWalletUIs && steps.review ? { review: (prepared: PreparedTransaction) => steps.review!(wallet, prepared) } : {}),
      })
      providers.set(key, provider)
      return provider
    },
    getSolanaWallet(address) {
      const signedIn = () => ctx.session().user !== null
      if (!signedIn()) throw new PorticoError('User must be authenticated to use embedded Solana wallet', { code: 'missing_or_invalid_token' })
      const wallet = wallets().find((w) => w.chainType === 'solana' && (address === undefined || w.address === address))
      if (!wallet) throw new PorticoError('The user has no such embedded Solana wallet', { code: 'wallet_not_found' })
      const showUi = settings().showWalletUIs && confirm
      return createEmbeddedSolanaWallet({
        wallet,
        sign: (request) => core.sign(wallet, request),
        rpcUrl: () => solanaRpcUrl(ctx.config()),
        authenticated: signedIn,
        ...(showUi ? { confirm: (request: FrameRpcRequest) => confirm(wallet, request) } : {}),
        ...(settings().showWalletUIs && steps.reviewSolana ? { review: (request: SolanaReviewRequest) => steps.reviewSolana!(wallet, request) } : {}),
      })
    },
    openKeyFrame: async (parent, title) => (await ops()).openKeyFrame(parent, title),
    async clear() {
      providers.clear()
      if (opsLoaded) await (await ops()).clear()
    },
    destroy() {
      if (opsLoaded) void ops().then((o) => o.destroy(), () => undefined)
    },
  }
  return core
}
