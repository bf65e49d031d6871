/**
 * The local chains the bridge's tests settle on, started once per test file: two anvils with a test
 * USDC each, or an anvil and the local Solana cluster posing as mainnet-beta, with the bridge quote
 * stand-in settling between them; and the app's chains and USDC contracts over them.
 * @module
 */
import { afterAll, beforeAll } from 'vitest'
import { startAnvil, type Anvil } from '../../test/fixtures/anvil'
import { startBridgeQuoteStandIn, type BridgeQuoteStandIn, type BridgeQuoteStandInOptions } from '../../test/fixtures/funding/bridge-quotes'
import { startSolanaRpc, type SolanaRpc } from '../../test/fixtures/solana-rpc'
import { TEST_USDC_MAINNET_MINT } from '../../test/fixtures/solana-rpc/spl'
import { deployTestTokens, type TestTokens } from '../../test/fixtures/tokens'

export const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 }
/** The local cluster's chain id: Solana's mainnet-beta, at the cluster's own RPC URL. */
export const SOLANA_ID = 'solana:mainnet-beta'

/** Two anvils ('Anvil' 31337 and 'Anvil Two' 31338, both testnets) and the stand-in between them. */
export interface TwoAnvils {
  one: Anvil
  two: Anvil
  usdcOne: TestTokens
  usdcTwo: TestTokens
  bridge: BridgeQuoteStandIn
  chains(): { id: string; name: string; rpcUrls: string[]; nativeCurrency: typeof ether; testnet: boolean }[]
  usdcAddress(chainId: string): string | null
}

/**
 * Starts two anvils with a test USDC each and the stand-in settling between them, for the test file.
 * @param standIn - the stand-in's other options (how many quotes).
 * @returns the chains, filled in before the file's tests run.
 */
export function twoAnvils(standIn: Omit<BridgeQuoteStandInOptions, 'chains'> = {}): TwoAnvils {
  const local = {
    chains: () => [
      { id: 'eip155:31337', name: 'Anvil', rpcUrls: [local.one.url], nativeCurrency: ether, testnet: true },
      { id: 'eip155:31338', name: 'Anvil Two', rpcUrls: [local.two.url], nativeCurrency: ether, testnet: true },
    ],
    usdcAddress: (chainId: string) => (chainId === 'eip155:31337' ? local.usdcOne.usd : chainId === 'eip155:31338' ? local.usdcTwo.usd : null),
  } as TwoAnvils
  beforeAll(async () => {
    ;[local.one, local.two] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })])
    ;[local.usdcOne, local.usdcTwo] = await Promise.all([deployTestTokens(local.one.url, 31337), deployTestTokens(local.two.url, 31338)])
    local.bridge = await startBridgeQuoteStandIn({ ...standIn, chains: { 31337: local.one.url, 31338: local.two.url } })
  }, 60_000)
  afterAll(async () => {
    await local.bridge?.close()
    await Promise.all([local.one?.close(), local.two?.close()])
  })
  return local
}

/** An anvil (31337, a test USDC) and the local Solana cluster as mainnet-beta, and the stand-in between them. */
export interface AnvilAndCluster {
  anvil: Anvil
  cluster: SolanaRpc
  usdc: TestTokens
  bridge: BridgeQuoteStandIn
  chains(): { id: string; name: string; rpcUrls: string[]; nativeCurrency: { name: string; symbol: string; decimals: number } }[]
  usdcAddress(chainId: string): string | null
}

/**
 * Starts an anvil with a test USDC, the local Solana cluster posing as mainnet-beta (USDC at Circle's
 * mainnet-beta mint) and the stand-in settling between them, for the test file.
 * @returns the chains, filled in before the file's tests run.
 */
export function anvilAndCluster(): AnvilAndCluster {
  const local = {
    chains: () => [
      { id: 'eip155:31337', name: 'Anvil', rpcUrls: [local.anvil.url], nativeCurrency: ether },
      { id: SOLANA_ID, name: 'Solana', rpcUrls: [local.cluster.url], nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } },
    ],
    usdcAddress: (chainId: string) => (chainId === 'eip155:31337' ? local.usdc.usd : chainId === SOLANA_ID ? TEST_USDC_MAINNET_MINT : null),
  } as AnvilAndCluster
  beforeAll(async () => {
    ;[local.anvil, local.cluster] = await Promise.all([startAnvil({ chainId: 31337 }), startSolanaRpc()])
    local.usdc = await deployTestTokens(local.anvil.url, 31337)
    local.bridge = await startBridgeQuoteStandIn({ chains: { 31337: local.anvil.url }, solana: local.cluster.url })
  }, 60_000)
  afterAll(async () => {
    await local.bridge?.close()
    await Promise.all([local.anvil?.close(), local.cluster?.close()])
  })
  return local
}
