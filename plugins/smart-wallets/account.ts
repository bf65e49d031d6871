/**
 * The smart account itself, loaded lazily (`permissionless` and the account code stay out of an app
 * without smart wallets): an ERC-4337 account owned by the embedded wallet, built by `permissionless`,
 * whose user operations go to the chain's bundler, sponsored through the chain's ERC-7677 paymaster
 * when there is one (the spec's sponsored defaults merged with the app's `paymasterContext`), paid by
 * the account otherwise. Errors a user can act on come out as {@link PorticoError}s with the codes of
 * {@link SMART_WALLET_ERROR_CODES}.
 * @module
 */
import { createSmartAccountClient } from 'permissionless'
import { toBiconomySmartAccount, toSafeSmartAccount, toThirdwebSmartAccount } from 'permissionless/accounts'
import {
  BaseError,
  createPublicClient,
  decodeErrorResult,
  defineChain,
  encodeAbiParameters,
  encodePacked,
  HttpRequestError,
  http,
  parseAbiParameters,
  RpcRequestError,
  type Address,
  type Chain,
  type PublicClient,
  type Transport,
  type EIP1193Provider,
  type Hex,
  type LocalAccount,
  type TypedData,
  type TypedDataDefinition,
} from 'viem'
import { createPaymasterClient, entryPoint06Address, formatUserOperationRequest, type SmartAccount, type UserOperation } from 'viem/account-abstraction'
import type { FrameUserOperationRequest, FrameUserOperationScheme } from '../../protocols/wallet-frame'
import { PorticoError } from '../../kernel/errors'
import { SMART_WALLET_ERROR_CODES, sponsoredContext, type SmartWalletNetwork, type SmartWalletType } from './config'
import { smartWalletMessages as en } from './messages/en'

/** Contract addresses of a smart account type, when they differ from the type's canonical ones (a local chain). */
export interface SmartAccountContracts {
  /** The EntryPoint (v0.7 interface). @defaultValue permissionless' canonical v0.7 EntryPoint */
  entryPoint?: Address
  /**
   * The EntryPoint v0.6, which thirdweb's and Biconomy's accounts target.
   * @defaultValue viem's canonical v0.6 EntryPoint (`0x5FF137D4…2789`)
   */
  entryPoint06?: Address
  /**
   * Thirdweb: its `AccountFactory` for the v0.6 EntryPoint.
   * @defaultValue permissionless' thirdweb factory 1.5.20 for v0.6 (`0x85e23b94…DF00`)
   */
  thirdweb?: { factoryAddress: Address }
  /**
   * Biconomy Smart Account v2: its factory, account implementation, ECDSA ownership module and the
   * factory's default fallback handler, for the v0.6 EntryPoint.
   * @defaultValue permissionless' Biconomy v2.0 deployments (factory `0x000000a5…34F5`)
   */
  biconomy?: { factoryAddress: Address; accountLogicAddress: Address; ecdsaModuleAddress: Address; fallbackHandlerAddress: Address }
  /** Safe: the singleton, proxy factory, 4337 module, module setup and MultiSend addresses. */
  safe?: {
    safeSingletonAddress: Address
    safeProxyFactoryAddress: Address
    safe4337ModuleAddress: Address
    safeModuleSetupAddress: Address
    multiSendAddress: Address
    multiSendCallOnlyAddress: Address
  }
}

/** One call of a user operation. */
export interface SmartWalletCall {
  to: Address
  value?: bigint
  data?: Hex
}

/** What a sent user operation answers. */
export interface SentUserOperation {
  /** The user operation's hash (what the bundler knows it by). */
  userOperationHash: Hex
  /** The transaction that included it. */
  transactionHash: Hex
  /** Whether a paymaster paid its gas. */
  sponsored: boolean
}

/** An ERC-4337 smart account owned by the embedded wallet. */
export interface SmartWallet {
  /** The account's address, known before its deployment (counterfactual). */
  address: Address
  type: SmartWalletType
  /** The chain it runs on. */
  chainId: number
  /** Whether its user operations are sponsored (the chain has a paymaster URL). */
  sponsored: boolean
  /** Whether its contract is deployed yet (its first user operation deploys it). */
  isDeployed(): Promise<boolean>
  /**
   * Sends one user operation with the calls (a batch when several) and waits for its inclusion.
   * @throws `paymaster_refused`, `bundler_unreachable`, `user_operation_reverted` (with the reason).
   */
  sendTransaction(calls: SmartWalletCall | readonly SmartWalletCall[]): Promise<SentUserOperation>
  /**
   * Sends one user operation with the calls, sponsored when the chain has a paymaster, and resolves
   * with its hash once the bundler accepted it, before its inclusion.
   * @throws `paymaster_refused`, `bundler_unreachable`, `user_operation_reverted` (failed simulation).
   */
  sendUserOperation(calls: SmartWalletCall | readonly SmartWalletCall[]): Promise<Hex>
  /**
   * Estimates the user operation of the calls through the bundler (`eth_estimateUserOperationGas`),
   * as it would be sent: its gas limits summed and its fee per gas, whose product is the most the
   * account pays for it.
   * @throws `paymaster_refused`, `bundler_unreachable`, `user_operation_reverted` (failed simulation).
   */
  estimateFee(calls: SmartWalletCall | readonly SmartWalletCall[]): Promise<{ gas: bigint; maxFeePerGas: bigint }>
  /**
   * Waits for a sent user operation's inclusion.
   * @throws `user_operation_reverted` (with the reason), `bundler_unreachable`.
   */
  waitForUserOperation(hash: Hex): Promise<SentUserOperation>
  /** Signs a message as the account: ERC-1271 once deployed, ERC-6492 wrapped before. */
  signMessage(message: string | { raw: Hex }): Promise<Hex>
  /** Signs EIP-712 typed data as the account (ERC-1271 / ERC-6492 like {@link SmartWallet.signMessage}). */
  signTypedData<const T extends TypedData | Record<string, unknown>, P extends keyof T | 'EIP712Domain' = keyof T>(
    typedData: TypedDataDefinition<T, P>,
  ): Promise<Hex>
}

/** Options of {@link createSmartWallet}. */
export interface CreateSmartWalletOptions {
  type: SmartWalletType
  network: SmartWalletNetwork
  /**
   * The owner: the embedded wallet's EIP-1193 provider, or a local account. With the provider, the
   * wallet frame signs the user operations of the types it knows (`csw_signUserOperation`, shown the
   * operation itself), so no sign request follows the review's approval.
   */
  owner: EIP1193Provider | LocalAccount
  contracts?: SmartAccountContracts
}

/**
 * A failed user operation a user can act on: its code is one of {@link SMART_WALLET_ERROR_CODES}'
 * (`paymaster_refused`, `bundler_unreachable`, `user_operation_reverted`), its short message the
 * English text, and a reverted operation's decoded reason is in {@link UserOperationError.reason}.
 */
export class UserOperationError extends PorticoError {
  override name = 'UserOperationError'
  /** The revert reason of a reverted user operation, when the chain or the bundler gave one. */
  readonly reason: string | undefined

  constructor(code: string, options: { cause?: unknown; details?: string; reason?: string } = {}) {
    const message =
      code === SMART_WALLET_ERROR_CODES.paymasterRefused
        ? en.SMART_WALLETS_PAYMASTER_REFUSED
        : code === SMART_WALLET_ERROR_CODES.bundlerUnreachable
          ? en.SMART_WALLETS_BUNDLER_UNREACHABLE
          : options.reason
            ? en.SMART_WALLETS_REVERTED_REASON.replace('{reason}', options.reason)
            : en.SMART_WALLETS_REVERTED
    super(message, { code, cause: options.cause, details: options.details })
    this.reason = options.reason
  }
}

/** A revert reason as text: `Error(string)` and `Panic(uint256)` data decoded, other text as is. */
function readableReason(reason: string): string {
  const data = /0x[0-9a-fA-F]{8,}/.exec(reason)?.[0] as Hex | undefined
  if (!data) return reason
  try {
    const decoded = decodeErrorResult({ abi: [], data })
    return decoded.errorName === 'Panic' ? `panic ${String(decoded.args?.[0])}` : String(decoded.args?.[0] ?? decoded.errorName)
  } catch {
    return reason
  }
}

/** The revert reason viem found in a bundler's answer or a receipt, if any. */
function revertReason(err: unknown): string | undefined {
  if (!(err instanceof BaseError)) return undefined
  const found = err.walk((e) => typeof (e as { reason?: unknown }).reason === 'string') as { reason?: string } | null
  if (found?.reason) return readableReason(found.reason)
  const match = /reverted(?: with reason)?:?\s*(.+)$/i.exec(err.details || err.shortMessage || '')
  return match?.[1] ? readableReason(match[1].trim()) : undefined
}

/**
 * What a failed user operation means for the user: the paymaster's refusal, an unreachable bundler,
 * or the call's revert (with its reason).
 * @param err - what viem threw.
 * @param network - the chain's bundler and paymaster URLs.
 * @returns the error to show.
 */
export function smartWalletError(err: unknown, network: SmartWalletNetwork): PorticoError {
  if (err instanceof PorticoError) return err
  const base = err instanceof BaseError ? err : undefined
  const http = base?.walk((e) => e instanceof HttpRequestError || e instanceof RpcRequestError) as
    | HttpRequestError
    | RpcRequestError
    | undefined
  const url = http && 'url' in http ? http.url : undefined
  if (url && network.paymasterUrl && url.startsWith(network.paymasterUrl)) {
    return new UserOperationError(SMART_WALLET_ERROR_CODES.paymasterRefused, { cause: err, ...(base?.details ? { details: base.details } : {}) })
  }
  if (http instanceof HttpRequestError && url?.startsWith(network.bundlerUrl)) {
    return new UserOperationError(SMART_WALLET_ERROR_CODES.bundlerUnreachable, { cause: err, ...(base?.details ? { details: base.details } : {}) })
  }
  const reason = revertReason(err)
  return new UserOperationError(SMART_WALLET_ERROR_CODES.reverted, { cause: err, ...(base?.details ? { details: base.details } : {}), ...(reason ? { reason } : {}) })
}

async function accountOf(options: CreateSmartWalletOptions, client: PublicClient<Transport, Chain>): Promise<SmartAccount> {
  const entryPoint = options.contracts?.entryPoint ? { address: options.contracts.entryPoint, version: '0.7' as const } : undefined
  switch (options.type) {
    case 'safe':
      return toSafeSmartAccount({ client, owners: [options.owner], version: '1.4.1', ...(entryPoint ? { entryPoint } : {}), ...options.contracts?.safe })
    case 'thirdweb':
      // Thirdweb's account validates the v0.6 user operation.
      return toThirdwebSmartAccount({
        client,
        owner: options.owner,
        entryPoint: { address: options.contracts?.entryPoint06 ?? entryPoint06Address, version: '0.6' },
        ...options.contracts?.thirdweb,
      })
    case 'biconomy':
      // Biconomy's Smart Account v2 validates the v0.6 user operation through its ECDSA module.
      return toBiconomySmartAccount({
        client,
        owners: [options.owner],
        entryPoint: { address: options.contracts?.entryPoint06 ?? entryPoint06Address, version: '0.6' },
        ...options.contracts?.biconomy,
      })
    default:
      throw new PorticoError(`Smart wallets of type ${options.type} are not supported yet.`, { code: SMART_WALLET_ERROR_CODES.unsupportedType })
  }
}

/** Safe 1.4.1's 4337 module for the EntryPoint v0.7 (permissionless' default), whose `SafeOp` the owner signs. */
const SAFE_4337_MODULE_V07: Address = '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226'

/** Biconomy v2's ECDSA ownership module (permissionless' default), which validates the owner's signature. */
const BICONOMY_ECDSA_MODULE: Address = '0x0000001c5b32F37F5beA87BDD5374eB2aC54eA8e'

/** How a type's owner signs a user operation, and how the account encodes the owner's signature. */
interface OwnerSigning {
  scheme: FrameUserOperationScheme
  encode(ownerSignature: Hex): Hex
}

/** The owner signing of the types the wallet frame signs for (`csw_signUserOperation`); null for the others. */
function ownerSigning(type: SmartWalletType, contracts: SmartAccountContracts | undefined): OwnerSigning | null {
  switch (type) {
    case 'safe':
      // One owner, no validity window: validAfter and validUntil (0) packed before the signature.
      return {
        scheme: { kind: 'safeOperation', safe4337ModuleAddress: contracts?.safe?.safe4337ModuleAddress ?? SAFE_4337_MODULE_V07 },
        encode: (signature) => encodePacked(['uint48', 'uint48', 'bytes'], [0, 0, signature]),
      }
    case 'thirdweb':
      return { scheme: { kind: 'userOperationHash' }, encode: (signature) => signature }
    case 'biconomy': {
      // The owner signs the hash as a message; the account hands it to the ECDSA module named after it.
      const module = contracts?.biconomy?.ecdsaModuleAddress ?? BICONOMY_ECDSA_MODULE
      return { scheme: { kind: 'userOperationHash' }, encode: (signature) => encodeAbiParameters(parseAbiParameters('bytes, address'), [signature, module]) }
    }
    default:
      return null
  }
}

/**
 * The account whose user operations the embedded wallet's frame signs (`csw_signUserOperation`): the
 * frame is shown the operation itself and signs it as the type's owner does, so the review's one
 * approval covers it (no sign request of the owner's typed data or hash after 'Approve').
 */
async function frameSigned(account: SmartAccount, owner: EIP1193Provider, signing: OwnerSigning, chainId: number): Promise<SmartAccount> {
  const [ownerAddress] = (await owner.request({ method: 'eth_accounts' })) as readonly Address[]
  const request = owner.request as (args: { method: string; params: unknown[] }) => Promise<unknown>
  return {
    ...account,
    async signUserOperation({ chainId: asked, ...userOperation }) {
      const operation: FrameUserOperationRequest = {
        userOperation: formatUserOperationRequest({ ...userOperation, sender: userOperation.sender ?? account.address } as UserOperation),
        entryPoint: { address: account.entryPoint.address, version: account.entryPoint.version as '0.6' | '0.7' },
        chainId: asked ?? chainId,
        scheme: signing.scheme,
      }
      return signing.encode((await request({ method: 'csw_signUserOperation', params: [ownerAddress, operation] })) as Hex)
    },
  }
}

/** Calls as viem's user operation takes them. */
const callsOf = (calls: SmartWalletCall | readonly SmartWalletCall[]) =>
  (Array.isArray(calls) ? calls : [calls as SmartWalletCall]).map((c) => ({ to: c.to, value: c.value ?? 0n, data: c.data ?? '0x' }))

/**
 * Builds the user's smart account on a chain. Nothing is deployed: the first user operation does it.
 * @param options - the type, the chain's network settings, the owner, custom contract addresses.
 * @returns the smart wallet.
 * @throws `smart_wallet_type_unsupported` for a type this version does not build.
 * @example
 * ```ts
 * import { createSmartWallet } from 'portico/plugins/smart-wallets/account'
 * const wallet = await createSmartWallet({ type: 'safe', network, owner: provider })
 * await wallet.sendTransaction({ to: '0x…', value: 1n })
 * ```
 */
export async function createSmartWallet(options: CreateSmartWalletOptions): Promise<SmartWallet> {
  const { network } = options
  const chain = defineChain({
    id: network.chainId,
    name: network.chainName ?? `Chain ${network.chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [network.rpcUrl] } },
  })
  const publicClient = createPublicClient({ chain, transport: http(network.rpcUrl) })
  const built = await accountOf(options, publicClient)
  const signing = 'request' in options.owner ? ownerSigning(options.type, options.contracts) : null
  const account = signing ? await frameSigned(built, options.owner as EIP1193Provider, signing, network.chainId) : built
  const paymasterUrl = network.paymasterUrl
  const client = createSmartAccountClient({
    account,
    chain,
    // Gas prices from the chain itself, the same whichever bundler serves it.
    userOperation: { estimateFeesPerGas: () => publicClient.estimateFeesPerGas() },
    bundlerTransport: http(network.bundlerUrl, { retryCount: 0 }),
    pollingInterval: 250,
    ...(paymasterUrl
      ? { paymaster: createPaymasterClient({ transport: http(paymasterUrl, { retryCount: 0 }) }), paymasterContext: sponsoredContext(network.paymasterContext) }
      : {}),
  })
  const wallet: SmartWallet = {
    address: account.address,
    type: options.type,
    chainId: network.chainId,
    sponsored: paymasterUrl !== undefined,
    isDeployed: () => account.isDeployed(),
    async sendUserOperation(calls) {
      try {
        return await client.sendUserOperation({ calls: callsOf(calls) })
      } catch (err) {
        throw smartWalletError(err, network)
      }
    },
    async estimateFee(calls) {
      let op
      try {
        op = await client.prepareUserOperation({ calls: callsOf(calls) })
      } catch (err) {
        throw smartWalletError(err, network)
      }
      const paymasterGas = 'paymasterVerificationGasLimit' in op ? (op.paymasterVerificationGasLimit ?? 0n) + (op.paymasterPostOpGasLimit ?? 0n) : 0n
      return { gas: op.callGasLimit + op.verificationGasLimit + op.preVerificationGas + paymasterGas, maxFeePerGas: op.maxFeePerGas }
    },
    async waitForUserOperation(hash) {
      let receipt
      try {
        receipt = await client.waitForUserOperationReceipt({ hash })
      } catch (err) {
        throw smartWalletError(err, network)
      }
      if (!receipt.success) {
        throw new UserOperationError(SMART_WALLET_ERROR_CODES.reverted, receipt.reason ? { reason: readableReason(receipt.reason) } : {})
      }
      return { userOperationHash: receipt.userOpHash, transactionHash: receipt.receipt.transactionHash, sponsored: !!receipt.paymaster && !/^0x0*$/.test(receipt.paymaster) }
    },
    sendTransaction: async (calls) => wallet.waitForUserOperation(await wallet.sendUserOperation(calls)),
    signMessage: (message) => account.signMessage({ message }),
    signTypedData: (typedData) => account.signTypedData(typedData),
  }
  return wallet
}
