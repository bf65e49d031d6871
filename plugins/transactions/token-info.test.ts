/**
 * Reading a token from the chain (real anvil with the fixture's tokens), and the review's amount
 * text: token units with the symbol, 'Maximum' for an unlimited allowance, an ERC-721 call with an
 * ERC-20 selector read as an NFT call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeFunctionData, maxUint256, parseAbi } from 'viem'
import { rpc, startAnvil, type Anvil } from '../../test/fixtures/anvil'
import { deployTestTokens, type TestTokens } from '../../test/fixtures/tokens'
import { decodeTransactionData } from './decode'
import { formatTokenAmount, readTokenInfo, withTokenStandard, type ChainCall } from './token-info'

const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const erc20 = parseAbi(['function transfer(address to, uint256 amount)', 'function approve(address spender, uint256 amount)', 'function transferFrom(address from, address to, uint256 amount)'])

let anvil: Anvil
let tokens: TestTokens
let call: ChainCall
beforeAll(async () => {
  anvil = await startAnvil()
  tokens = await deployTestTokens(anvil.url, anvil.chainId)
  call = (method, params) => rpc(anvil.url, method, params)
}, 60_000)
afterAll(() => anvil?.close())

describe('readTokenInfo', () => {
  it('tells ERC-20, ERC-721 and ERC-1155 apart and reads symbol and decimals', async () => {
    expect(await readTokenInfo(call, tokens.usd)).toEqual({ standard: 'erc20', symbol: 'TUSD', decimals: 6, name: 'Test USD' })
    expect(await readTokenInfo(call, tokens.nft)).toEqual({ standard: 'erc721', symbol: 'TNFT', name: 'Test NFT' })
    expect(await readTokenInfo(call, tokens.items)).toEqual({ standard: 'erc1155' })
  })

  it("answers 'unknown' for a contract that is no token and for an address with no code", async () => {
    expect(await readTokenInfo(call, tokens.reverter)).toEqual({ standard: 'unknown' })
    expect(await readTokenInfo(call, TO)).toEqual({ standard: 'unknown' })
  })
})

describe('formatTokenAmount', () => {
  it("shows token units with the symbol, and 'Maximum' for an unlimited allowance", async () => {
    const info = await readTokenInfo(call, tokens.usd)
    const transfer = decodeTransactionData(encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [TO, 1_500_000n] }))!
    expect(formatTokenAmount(transfer, info)).toBe('1.5 TUSD')
    const unlimited = decodeTransactionData(encodeFunctionData({ abi: erc20, functionName: 'approve', args: [TO, maxUint256] }))!
    expect(formatTokenAmount(unlimited, info)).toBe('Maximum')
    const some = decodeTransactionData(encodeFunctionData({ abi: erc20, functionName: 'approve', args: [TO, 250_000n] }))!
    expect(formatTokenAmount(some, info)).toBe('0.25 TUSD')
    expect(formatTokenAmount(transfer, { standard: 'unknown' })).toBe('1500000')
  })

  it('reads an ERC-721 transferFrom (an ERC-20 selector) as an NFT transfer of a token id', async () => {
    const decoded = decodeTransactionData(encodeFunctionData({ abi: erc20, functionName: 'transferFrom', args: [TO, TO, 7n] }))!
    const nft = withTokenStandard(decoded, await readTokenInfo(call, tokens.nft))
    expect(nft).toMatchObject({ isErc20Ish: false, isNFTIsh: true, tokenId: 7n })
    expect(nft.amount).toBeUndefined()
    expect(withTokenStandard(decoded, await readTokenInfo(call, tokens.usd))).toBe(decoded)
  })
})
