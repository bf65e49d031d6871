/**
 * A SOL transfer from a Wallet Standard wallet on the local Solana cluster (litesvm behind
 * JSON-RPC): the wallet signs and sends the transaction the method builds, the cluster confirms it
 * and the recipient's balance grows by the amount; a short wallet gets the spec's error before
 * anything is sent; a refusal is the wallets plugin's rejection.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { generateKeyPairSigner, lamports } from '@solana/kit'
import { startSolanaRpc, type SolanaRpc } from '../../test/fixtures/solana-rpc'
import { createTestSolanaWallet } from '../../testing/solana-wallet/wallet'
import { readBalance, type FundingRequest } from '../funding'
import { WALLET_ERROR_CODES } from '../wallets'
import { sendSolanaTransfer, waitForSolanaConfirmation } from './solana'
import { checkFunds, planTransfer, SOLANA_TRANSFER_FEE_LAMPORTS } from './transfer'

let cluster: SolanaRpc
beforeEach(async () => {
  cluster = await startSolanaRpc()
})
afterEach(async () => {
  await cluster.close()
})

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

async function setup(airdrop: bigint) {
  const { wallet, control } = await createTestSolanaWallet({ rpcUrl: cluster.url })
  await (wallet.features['standard:connect'] as { connect(): Promise<unknown> }).connect()
  if (airdrop > 0n) cluster.svm.airdrop(control.address as never, lamports(airdrop))
  const recipient = (await generateKeyPairSigner()).address
  const request: FundingRequest = { address: recipient, chainType: 'solana', chain: null, cluster: { name: 'devnet' }, amount: '0.05', asset: 'native-currency', crossChainBridgingEnabled: false }
  return { wallet, control, request, plan: planTransfer(request, null)! }
}

describe('SOL transfer from a Wallet Standard wallet', () => {
  it('sends the amount through solana:signAndSendTransaction and waits for the confirmation; the recipient holds it', async () => {
    const { wallet, control, request, plan } = await setup(1_000_000_000n)
    expect(plan).toEqual({ token: null, units: 50_000_000n })
    await checkFunds(cluster.url, request, control.address, plan)
    const signature = await sendSolanaTransfer(wallet, cluster.url, request, control.address, plan)
    expect(control.sent).toEqual([signature])
    await waitForSolanaConfirmation(sleep, cluster.url, signature)
    expect(await readBalance(cluster.url, 'solana', request.address, null)).toBe(50_000_000n)
    expect(await readBalance(cluster.url, 'solana', control.address, null)).toBe(1_000_000_000n - 50_000_000n - SOLANA_TRANSFER_FEE_LAMPORTS)
  })

  it("refuses a wallet holding the amount but not the fee: 'Wallet {address} does not have enough funds.'", async () => {
    const { control, request, plan } = await setup(50_000_000n)
    const refusal = checkFunds(cluster.url, request, control.address, plan)
    await expect(refusal).rejects.toThrow(`Wallet ${control.address} does not have enough funds.`)
    await expect(refusal).rejects.toMatchObject({ code: 'FUNDING_WALLET_NOT_ENOUGH_FUNDS' })
  })

  it('a refused transaction is the wallets plugin rejection and sends nothing', async () => {
    const { wallet, control, request, plan } = await setup(1_000_000_000n)
    control.setMode('reject')
    await expect(sendSolanaTransfer(wallet, cluster.url, request, control.address, plan)).rejects.toMatchObject({ code: WALLET_ERROR_CODES.rejected })
    expect(control.sent).toEqual([])
    expect(await readBalance(cluster.url, 'solana', request.address, null)).toBe(0n)
  })

  it('USDC on Solana has no transfer plan (the spec names no mint)', () => {
    expect(planTransfer({ address: 'x', chainType: 'solana', chain: null, cluster: { name: 'mainnet-beta' }, amount: '1', asset: 'USDC', crossChainBridgingEnabled: false }, null)).toBeNull()
  })
})
