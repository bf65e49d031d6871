/**
 * The calldata decoder against calldata viem encodes for the standard token interfaces: ERC-20
 * transfer / approve / transferFrom always; ERC-721 and ERC-1155 transfers and approvals only with
 * extended decoding; anything else (and malformed data) is null, for the review to show raw.
 */
import { describe, expect, it } from 'vitest'
import { encodeFunctionData, maxUint256, parseAbi } from 'viem'
import { approvalKind, decodeTransactionData, isUnlimitedAmount } from './decode'
import { withTokenStandard } from './token-info'

const A = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const B = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const abi = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function transferFrom(address from, address to, uint256 amount)',
  'function setApprovalForAll(address operator, bool approved)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
  'function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)',
  'function mint(address to, uint256 amount)',
])
const enc = (functionName: string, args: unknown[]) => encodeFunctionData({ abi, functionName: functionName as never, args: args as never })

describe('approvalKind (the review titles a grant \'Confirm address\' and a revocation \'Confirm action\')', () => {
  const x = { extendedCalldataDecoding: true }
  it('calls an approval that lets an address move the tokens a grant', () => {
    expect(approvalKind(decodeTransactionData(enc('approve', [A, maxUint256])))).toBe('grant')
    expect(approvalKind(decodeTransactionData(enc('approve', [A, 1n])))).toBe('grant')
    expect(approvalKind(decodeTransactionData(enc('setApprovalForAll', [A, true]), x))).toBe('grant')
  })
  it('calls an approval that takes the right away a revocation', () => {
    expect(approvalKind(decodeTransactionData(enc('approve', [A, 0n])))).toBe('revoke')
    expect(approvalKind(decodeTransactionData(enc('approve', ['0x0000000000000000000000000000000000000000', 5n])))).toBe('revoke')
    expect(approvalKind(decodeTransactionData(enc('setApprovalForAll', [A, false]), x))).toBe('revoke')
  })
  it('reads an ERC-721 approve of token 0 as a grant once the contract says it is an ERC-721', () => {
    const nft = withTokenStandard(decodeTransactionData(enc('approve', [A, 0n]))!, { standard: 'erc721', symbol: 'NFT' })
    expect(approvalKind(nft)).toBe('grant')
  })
  it('answers null for calls that approve nothing', () => {
    expect(approvalKind(decodeTransactionData(enc('transfer', [B, 1n])))).toBeNull()
    expect(approvalKind(null)).toBeNull()
  })
})

describe('decodeTransactionData', () => {
  it('decodes ERC-20 transfer, approve and transferFrom with the spec fields', () => {
    expect(decodeTransactionData(enc('transfer', [B, 1_500_000n]))).toEqual({ action: 'transfer', functionName: 'transfer', isErc20Ish: true, isNFTIsh: false, transferTo: B, amount: 1_500_000n })
    expect(decodeTransactionData(enc('approve', [A, maxUint256]))).toEqual({ action: 'approve', functionName: 'approve', isErc20Ish: true, isNFTIsh: false, spender: A, amount: maxUint256 })
    expect(decodeTransactionData(enc('transferFrom', [A, B, 7n]))).toEqual({ action: 'transferFrom', functionName: 'transferFrom', isErc20Ish: true, isNFTIsh: false, transferFrom: A, transferTo: B, amount: 7n })
  })

  it('decodes ERC-721 and ERC-1155 calls only with extended decoding', () => {
    const approveAll = enc('setApprovalForAll', [A, true])
    expect(decodeTransactionData(approveAll)).toBeNull()
    const x = { extendedCalldataDecoding: true }
    expect(decodeTransactionData(approveAll, x)).toEqual({ action: 'setApprovalForAll', functionName: 'setApprovalForAll', isErc20Ish: false, isNFTIsh: true, operator: A, approved: true })
    expect(decodeTransactionData(enc('safeTransferFrom', [A, B, 42n]), x)).toMatchObject({ functionName: 'safeTransferFrom', isNFTIsh: true, transferFrom: A, transferTo: B, tokenId: 42n })
    expect(decodeTransactionData(enc('safeTransferFrom', [A, B, 42n, '0x']), x)).toMatchObject({ tokenId: 42n })
    expect(decodeTransactionData(enc('safeTransferFrom', [A, B, 3n, 10n, '0x']), x)).toMatchObject({ tokenId: 3n, amounts: [10n], isNFTIsh: true })
    expect(decodeTransactionData(enc('safeBatchTransferFrom', [A, B, [1n, 2n], [5n, 6n], '0x']), x)).toMatchObject({
      functionName: 'safeBatchTransferFrom',
      tokenIds: [1n, 2n],
      amounts: [5n, 6n],
      transferFrom: A,
      transferTo: B,
    })
  })

  it('answers null for other calls, empty data and malformed calldata', () => {
    expect(decodeTransactionData(enc('mint', [A, 1n]), { extendedCalldataDecoding: true })).toBeNull()
    expect(decodeTransactionData(undefined)).toBeNull()
    expect(decodeTransactionData('0x')).toBeNull()
    // The transfer selector with a truncated argument list.
    expect(decodeTransactionData('0xa9059cbb0000000000000000000000003c44cdddb6a900fa2b585dd299e03d12fa42')).toBeNull()
  })
})

describe('isUnlimitedAmount', () => {
  it("calls uint256's maximum and other 'infinite' approvals unlimited, and nothing smaller", () => {
    expect(isUnlimitedAmount(maxUint256)).toBe(true)
    expect(isUnlimitedAmount(2n ** 255n)).toBe(true)
    expect(isUnlimitedAmount(2n ** 255n - 1n)).toBe(false)
    expect(isUnlimitedAmount(10n ** 30n)).toBe(false)
  })
})
