/**
 * Reading balances for funding methods: the RPC endpoint of a request's chain and the balance of
 * an address in the request's asset (native, an ERC-20 such as USDC, SOL, or an SPL token such as
 * USDC on Solana), over plain JSON-RPC.
 * @module
 */
import type { AppConfig, ChainConfig } from '../../kernel/config'
import { base64ToBytes } from '../../kernel/base64'
import { PorticoError } from '../../kernel/errors'
import type { FundingRequest } from './types'

/** Public RPC endpoints of the Solana clusters, used when the app lists no Solana chain. */
export const SOLANA_CLUSTER_RPC: Readonly<Record<string, string>> = {
  'mainnet-beta': 'https://api.mainnet-beta.solana.com',
  devnet: 'https://api.devnet.solana.com',
  testnet: 'https://api.testnet.solana.com',
}

/**
 * The RPC endpoint of a Solana cluster for an app: its chain `solana:{cluster}` when the app lists
 * one (an app's own RPC provider, or a local cluster posing as it), else a Solana chain the app
 * lists under a name that is not a public cluster's (a local cluster such as `solana:localnet`),
 * else the cluster's public endpoint. An app listing only another public cluster (devnet for a
 * mainnet-beta request) is never read in its place.
 * @param chains - the app's chains.
 * @param cluster - the cluster's name (`mainnet-beta`, `devnet`, `testnet`).
 * @returns the URL, or null for an unknown cluster the app does not list.
 * @example
 * ```ts
 * import { solanaClusterRpcUrl } from 'portico/plugins/funding'
 * solanaClusterRpcUrl(ctx.config()!.supportedChains, 'mainnet-beta')
 * ```
 */
export function solanaClusterRpcUrl(chains: readonly Pick<ChainConfig, 'id' | 'rpcUrls'>[], cluster: string): string | null {
  const solana = chains.filter((c) => c.id.startsWith('solana:') && c.rpcUrls[0])
  const own = solana.find((c) => c.id === `solana:${cluster}`) ?? solana.find((c) => !(c.id.slice('solana:'.length) in SOLANA_CLUSTER_RPC))
  return own?.rpcUrls[0] ?? SOLANA_CLUSTER_RPC[cluster] ?? null
}

/**
 * The RPC endpoint a request's chain is read on: the EVM chain's first RPC URL; for Solana the
 * cluster's endpoint for the app ({@link solanaClusterRpcUrl}).
 * @param request - the request.
 * @param config - the app configuration.
 * @returns the URL, or null when the EVM chain has none.
 * @example
 * ```ts
 * import { fundingRpcUrl } from 'portico/plugins/funding'
 * fundingRpcUrl(flow.request, ctx.config()!)
 * ```
 */
export function fundingRpcUrl(request: Pick<FundingRequest, 'chain' | 'cluster'>, config: Pick<AppConfig, 'supportedChains'> | null): string | null {
  if (request.chain) return request.chain.rpcUrls[0] ?? null
  return solanaClusterRpcUrl(config?.supportedChains ?? [], request.cluster?.name ?? 'mainnet-beta')
}

let rpcId = 0

/**
 * One JSON-RPC call.
 * @param url - the endpoint.
 * @param method - the method.
 * @param params - its params.
 * @param signal - aborts the request.
 * @returns the result.
 * @throws PorticoError `FUNDING_RPC_ERROR` when the endpoint fails or answers an error.
 * @example
 * ```ts
 * import { fundingRpc } from 'portico/plugins/funding'
 * await fundingRpc<string>(url, 'eth_getBalance', [address, 'latest'])
 * ```
 */
export async function fundingRpc<T>(url: string, method: string, params: unknown[], signal?: AbortSignal): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
    ...(signal ? { signal } : {}),
  })
  const body = (await res.json().catch(() => null)) as { result?: T; error?: { message?: string } } | null
  if (!res.ok || !body || body.error || !('result' in body)) {
    throw new PorticoError('Something went wrong', { code: 'FUNDING_RPC_ERROR', details: `${method}: ${body?.error?.message ?? `HTTP ${res.status}`}` })
  }
  return body.result as T
}

/** Where an SPL token account's amount (u64, little-endian) is in its data: after the mint and the owner. */
const TOKEN_ACCOUNT_AMOUNT_OFFSET = 64
/** Where its state is (after the amount and the delegate): 1 initialized, 2 frozen. */
const TOKEN_ACCOUNT_STATE_OFFSET = 108
const TOKEN_ACCOUNT_FROZEN = 2

/** A token account's bytes from the RPC's base64; anything shorter than the state's end is not one. */
function tokenAccountData(base64: string): Uint8Array {
  let data: Uint8Array | null
  try {
    data = base64ToBytes(base64)
  } catch {
    data = null
  }
  if (!data || data.length <= TOKEN_ACCOUNT_STATE_OFFSET) {
    throw new PorticoError('Unable to fetch token details', { code: 'FUNDING_RPC_ERROR', details: 'getTokenAccountsByOwner: not a token account' })
  }
  return data
}

/** One token account of an owner, as {@link readSolanaTokenAccounts} answers it. */
export interface SolanaTokenAccount {
  /** The token account's address. */
  address: string
  /** What it holds, in the mint's smallest units. */
  amount: bigint
  /** Whether the mint's freeze authority froze it: its tokens cannot move. */
  frozen: boolean
}

/**
 * The token accounts an owner holds of a mint on Solana, of the Token program or of Token-2022
 * (the cluster looks the program up from the mint): the associated token account and any other.
 * @param url - the cluster's RPC endpoint.
 * @param owner - the owner's address.
 * @param mint - the mint.
 * @param signal - aborts the request.
 * @returns the accounts, in the cluster's order.
 * @throws PorticoError `FUNDING_RPC_ERROR` when the endpoint fails or answers something that is not a token account.
 * @example
 * ```ts
 * import { readSolanaTokenAccounts } from 'portico/plugins/funding'
 * const accounts = await readSolanaTokenAccounts(url, owner, mint)
 * ```
 */
export async function readSolanaTokenAccounts(url: string, owner: string, mint: string, signal?: AbortSignal): Promise<SolanaTokenAccount[]> {
  type Accounts = { value: { pubkey: string; account: { data: [string, string] } }[] }
  const { value } = await fundingRpc<Accounts>(url, 'getTokenAccountsByOwner', [owner, { mint }, { encoding: 'base64', commitment: 'confirmed' }], signal)
  return value.map(({ pubkey, account }) => {
    const data = tokenAccountData(account.data[0])
    let amount = 0n
    for (let i = 7; i >= 0; i--) amount = (amount << 8n) | BigInt(data[TOKEN_ACCOUNT_AMOUNT_OFFSET + i]!)
    return { address: pubkey, amount, frozen: data[TOKEN_ACCOUNT_STATE_OFFSET] === TOKEN_ACCOUNT_FROZEN }
  })
}

/** The units of a mint an owner can move on Solana: the sum over its token accounts of that mint that are not frozen. */
async function readSolanaTokenBalance(url: string, owner: string, mint: string, signal?: AbortSignal): Promise<bigint> {
  const accounts = await readSolanaTokenAccounts(url, owner, mint, signal)
  return accounts.reduce((sum, a) => (a.frozen ? sum : sum + a.amount), 0n)
}

/** `balanceOf(address)` selector. */
const BALANCE_OF = '0x70a08231'

/**
 * The balance of an address, in smallest units: native (wei, lamports) without a token, else of
 * the ERC-20 token, or on Solana of the SPL token mint, of the Token program or Token-2022 (summed over
 * the owner's token accounts of it, the associated one and any other, less frozen ones).
 * @param url - the chain's RPC endpoint.
 * @param chainType - `ethereum` or `solana`.
 * @param owner - the address.
 * @param token - the ERC-20 contract or Solana mint, or null for the native currency.
 * @param signal - aborts the request.
 * @returns the balance.
 * @example
 * ```ts
 * import { readBalance } from 'portico/plugins/funding'
 * const wei = await readBalance(url, 'ethereum', address, null)
 * ```
 */
export async function readBalance(url: string, chainType: FundingRequest['chainType'], owner: string, token: string | null, signal?: AbortSignal): Promise<bigint> {
  if (chainType === 'solana') {
    if (token) return readSolanaTokenBalance(url, owner, token, signal)
    const { value } = await fundingRpc<{ value: number }>(url, 'getBalance', [owner, { commitment: 'confirmed' }], signal)
    return BigInt(value)
  }
  if (!token) return BigInt(await fundingRpc<string>(url, 'eth_getBalance', [owner, 'latest'], signal))
  const data = BALANCE_OF + owner.slice(2).toLowerCase().padStart(64, '0')
  const out = await fundingRpc<string>(url, 'eth_call', [{ to: token, data }, 'latest'], signal)
  return out === '0x' ? 0n : BigInt(out)
}
