/**
 * What the review needs to know of the contract a token call goes to, read from the chain: which
 * standard it follows (ERC-165 for ERC-721 and ERC-1155, else ERC-20 when it answers `decimals`),
 * its symbol and decimals. Each read that fails leaves its field out; nothing here throws for a
 * contract that is not a token.
 * @module
 */
import { decodeFunctionResult, encodeFunctionData, formatUnits, parseAbi, type Address, type Hex } from 'viem'
import { isUnlimitedAmount, type DecodedTransaction } from './decode'

const ABI = parseAbi([
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
  'function name() view returns (string)',
  'function supportsInterface(bytes4 interfaceId) view returns (bool)',
])

/** ERC-165 interface ids. */
const ERC721_INTERFACE = '0x80ac58cd'
const ERC1155_INTERFACE = '0xd9b67a26'

/** A JSON-RPC call to the transaction's chain. */
export type ChainCall = (method: string, params: unknown[]) => Promise<unknown>

/** What the chain says of a token contract. */
export interface TokenInfo {
  /** The standard it follows, or 'unknown'. */
  standard: 'erc20' | 'erc721' | 'erc1155' | 'unknown'
  symbol?: string
  decimals?: number
  name?: string
}

async function read(call: ChainCall, to: Address, functionName: 'symbol' | 'decimals' | 'name' | 'supportsInterface', args: readonly unknown[] = []): Promise<unknown> {
  try {
    const data = encodeFunctionData({ abi: ABI, functionName, args } as never)
    const result = (await call('eth_call', [{ to, data }, 'latest'])) as Hex
    if (!result || result === '0x') return undefined
    return decodeFunctionResult({ abi: ABI, functionName, data: result } as never)
  } catch {
    return undefined
  }
}

/**
 * Reads a token contract's standard, symbol and decimals.
 * @param call - JSON-RPC to the chain.
 * @param address - the contract.
 * @returns what could be read.
 * @example
 * ```ts
 * const info = await readTokenInfo((method, params) => provider.request({ method, params }), '0x…')
 * info.standard // 'erc20'
 * ```
 */
export async function readTokenInfo(call: ChainCall, address: Address): Promise<TokenInfo> {
  const [is721, is1155, symbol, decimals, name] = await Promise.all([
    read(call, address, 'supportsInterface', [ERC721_INTERFACE]),
    read(call, address, 'supportsInterface', [ERC1155_INTERFACE]),
    read(call, address, 'symbol'),
    read(call, address, 'decimals'),
    read(call, address, 'name'),
  ])
  const standard = is721 === true ? 'erc721' : is1155 === true ? 'erc1155' : typeof decimals === 'number' ? 'erc20' : 'unknown'
  return {
    standard,
    ...(typeof symbol === 'string' && symbol ? { symbol } : {}),
    ...(typeof decimals === 'number' ? { decimals } : {}),
    ...(typeof name === 'string' && name ? { name } : {}),
  }
}

/**
 * A decoded call's amount as the review shows it: 'Maximum' for an unlimited allowance, else the
 * amount in token units with the symbol ('1.5 TUSD'); the raw integer when the token's decimals are
 * unknown.
 * @param decoded - the decoded call.
 * @param info - the token.
 * @returns the text, or null when the call carries no amount.
 */
export function formatTokenAmount(decoded: DecodedTransaction, info: TokenInfo): string | null {
  if (decoded.amount === undefined) return null
  if (decoded.action === 'approve' && isUnlimitedAmount(decoded.amount)) return 'Maximum'
  const units = info.decimals === undefined ? decoded.amount.toString() : formatUnits(decoded.amount, info.decimals)
  return info.symbol ? `${units} ${info.symbol}` : units
}

/**
 * A decoded call read again with what the token is: an ERC-721 `transferFrom` or `approve` (their
 * selectors are ERC-20's) is an NFT call whose third argument is a token id, not an amount.
 * @param decoded - the decoded call.
 * @param info - the token.
 * @returns the decoded call, corrected.
 */
export function withTokenStandard(decoded: DecodedTransaction, info: TokenInfo): DecodedTransaction {
  if (info.standard !== 'erc721' || !decoded.isErc20Ish || decoded.amount === undefined) return decoded
  const { amount, ...rest } = decoded
  return { ...rest, isErc20Ish: false, isNFTIsh: true, tokenId: amount }
}
