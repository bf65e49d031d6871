/**
 * What an EVM transaction's calldata asks for, in the spec's decoded fields (`action`,
 * `functionName`, `isErc20Ish`, `isNFTIsh`, `spender`, `amount`, `tokenId(s)`, `amounts`, `operator`,
 * `approved`, `transferFrom`, `transferTo`), decoded with viem's ABI decoder against the standard
 * token interfaces. Calls that match none answer null: the review then shows the raw data with a
 * warning, never hides it.
 * @module
 */
import { decodeFunctionData, maxUint256, parseAbi, type Address, type Hex } from 'viem'

/** ERC-20's calls that move or allow tokens. `transferFrom` and `approve` share their selectors with ERC-721's. */
const ERC20 = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
])

/** ERC-721's and ERC-1155's calls that ERC-20 has no selector for. */
const NFT = parseAbi([
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
])

/** The decoded details of a token call (spec 02 §3 "Decoded transaction details"). */
export interface DecodedTransaction {
  /** What the call does, as the review's Action row names it (`transfer`, `approve`, `setApprovalForAll`…). */
  action: string
  /** The called function's name. */
  functionName: string
  /** An ERC-20 call (or an ERC-721 call with the same selector, until the token says which it is). */
  isErc20Ish: boolean
  /** An ERC-721 or ERC-1155 call. */
  isNFTIsh: boolean
  /** Who is allowed to spend (`approve`). */
  spender?: Address
  /** The amount in the token's smallest unit (ERC-20 `transfer`, `approve`, `transferFrom`). */
  amount?: bigint
  /** An NFT's id (ERC-721 `safeTransferFrom`, ERC-1155 single `safeTransferFrom`). */
  tokenId?: bigint
  /** The ids of an ERC-1155 batch. */
  tokenIds?: bigint[]
  /** ERC-1155 values: one for a single transfer, one per id for a batch. */
  amounts?: bigint[]
  /** Who is allowed to move all of the owner's NFTs (`setApprovalForAll`). */
  operator?: Address
  /** Whether `setApprovalForAll` grants (true) or revokes (false). */
  approved?: boolean
  /** The tokens' current owner (`transferFrom`, `safeTransferFrom`). */
  transferFrom?: Address
  /** The recipient. */
  transferTo?: Address
}

/**
 * Decodes a token call's calldata.
 * @param data - the transaction's `data`.
 * @param options - `extendedCalldataDecoding` (the app's setting): also decode ERC-721 and ERC-1155 calls.
 * @returns the details, or null for calldata that is none of the token calls (or malformed).
 * @example
 * ```ts
 * import { decodeTransactionData } from 'portico/plugins/transactions'
 * decodeTransactionData('0xa9059cbb…')?.amount // 1000000n
 * ```
 */
export function decodeTransactionData(data: Hex | undefined, options: { extendedCalldataDecoding?: boolean } = {}): DecodedTransaction | null {
  if (!data || data.length < 10) return null
  const erc20 = tryDecode(ERC20, data)
  if (erc20) {
    const [a, b, c] = erc20.args as readonly [Address, Address | bigint, bigint?]
    switch (erc20.functionName) {
      case 'transfer':
        return { action: 'transfer', functionName: 'transfer', isErc20Ish: true, isNFTIsh: false, transferTo: a, amount: b as bigint }
      case 'approve':
        return { action: 'approve', functionName: 'approve', isErc20Ish: true, isNFTIsh: false, spender: a, amount: b as bigint }
      case 'transferFrom':
        return { action: 'transferFrom', functionName: 'transferFrom', isErc20Ish: true, isNFTIsh: false, transferFrom: a, transferTo: b as Address, amount: c! }
    }
  }
  if (!options.extendedCalldataDecoding) return null
  const nft = tryDecode(NFT, data)
  if (!nft) return null
  const base = { functionName: nft.functionName, action: nft.functionName, isErc20Ish: false, isNFTIsh: true }
  const args = nft.args as readonly unknown[]
  switch (nft.functionName) {
    case 'setApprovalForAll':
      return { ...base, operator: args[0] as Address, approved: args[1] as boolean }
    case 'safeBatchTransferFrom':
      return { ...base, transferFrom: args[0] as Address, transferTo: args[1] as Address, tokenIds: [...(args[2] as bigint[])], amounts: [...(args[3] as bigint[])] }
    default: {
      // safeTransferFrom: ERC-721's (3 or 4 arguments, the 4th is bytes) or ERC-1155's (5 arguments).
      const erc1155 = args.length === 5
      return {
        ...base,
        transferFrom: args[0] as Address,
        transferTo: args[1] as Address,
        tokenId: args[2] as bigint,
        ...(erc1155 ? { amounts: [args[3] as bigint] } : {}),
      }
    }
  }
}

/** An allowance so large it is unlimited: the review says 'Maximum' (spec 02 §9). */
export function isUnlimitedAmount(amount: bigint): boolean {
  // uint256 max, and the "infinite" approvals some apps send as 2^255 or more.
  return amount === maxUint256 || amount >= 2n ** 255n
}

function tryDecode<A extends readonly unknown[]>(abi: A, data: Hex) {
  try {
    return decodeFunctionData({ abi: abi as never, data }) as { functionName: string; args: readonly unknown[] }
  } catch {
    return null
  }
}

/**
 * What an approval asks for, which titles the review (spec 02: "Approvals are titled 'Confirm address'
 * or 'Confirm action'"): `grant` when it lets an address move the wallet's tokens (an `approve` of a
 * spender, `setApprovalForAll(operator, true)`: the address is what to check), `revoke` when it takes
 * such a right away (an allowance of 0, approval to the zero address, `setApprovalForAll(…, false)`);
 * null for any call that is no approval.
 * @param decoded - the decoded call (with the token's standard applied, see `withTokenStandard`), or null.
 * @returns the kind, or null.
 * @example
 * ```ts
 * approvalKind(decodeTransactionData(approveCalldata)) // 'grant'
 * ```
 */
export function approvalKind(decoded: DecodedTransaction | null): 'grant' | 'revoke' | null {
  if (decoded?.action === 'setApprovalForAll') return decoded.approved ? 'grant' : 'revoke'
  if (decoded?.action !== 'approve') return null
  const toNobody = !decoded.spender || BigInt(decoded.spender) === 0n
  return toNobody || (decoded.isErc20Ish && decoded.amount === 0n) ? 'revoke' : 'grant'
}
