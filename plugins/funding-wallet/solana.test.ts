/**
 * A SOL or USDC transfer from a Wallet Standard wallet on the local Solana cluster (litesvm behind
 * JSON-RPC, holding USDC at Circle's devnet mint): the wallet signs and sends the transaction the
 * method builds, the cluster confirms it and the recipient's balance grows by the amount (for USDC,
 * in a token account created for it when missing); a short wallet gets the spec's error before
 * anything is sent; a refusal is the wallets plugin's rejection. A Token-2022 mint named as the
 * app's USDC is sent with its own program (its associated accounts, its rent); one with a transfer
 * fee is refused before the wallet is asked; USDC held outside the associated token account is sent
 * from there too (one `transferChecked` per account, in one transaction), frozen accounts neither
 * counted nor sent from.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { generateKeyPairSigner, lamports, type Address } from '@solana/kit'
import { startSolanaRpc, type SolanaRpc } from '../../test/fixtures/solana-rpc'
import { createTestMint, createTestMint2022, TEST_USDC_MINT, testUsdc, TOKEN_2022_PROGRAM_ADDRESS, type TestMint } from '../../test/fixtures/solana-rpc/spl'
import { createTestSolanaWallet } from '../../testing/solana-wallet/wallet'
import { readBalance, readSolanaTokenAccounts, USDC_ADDRESSES, type FundingRequest } from '../funding'
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

})

describe('USDC transfer from a Wallet Standard wallet (SPL token, the devnet mint)', () => {
  /** A payer with `sol` lamports and `usdc` units of the local cluster's devnet USDC, and a request for 2.5 USDC on devnet. */
  async function setupUsdc(sol: bigint, usdc: bigint) {
    const { wallet, control } = await createTestSolanaWallet({ rpcUrl: cluster.url })
    await (wallet.features['standard:connect'] as { connect(): Promise<unknown> }).connect()
    const payer = control.address as Address
    if (sol > 0n) cluster.svm.airdrop(payer, lamports(sol))
    if (usdc > 0n) await testUsdc(cluster.url).fund(payer, usdc)
    const recipient = (await generateKeyPairSigner()).address
    const request: FundingRequest = { address: recipient, chainType: 'solana', chain: null, cluster: { name: 'devnet' }, amount: '2.5', asset: 'USDC', crossChainBridgingEnabled: false }
    return { wallet, control, payer, request, plan: planTransfer(request, USDC_ADDRESSES['solana:devnet']!)! }
  }
  const usdcOf = (owner: string) => readBalance(cluster.url, 'solana', owner, TEST_USDC_MINT)
  const ataOf = async (owner: Address) => (await findAssociatedTokenPda({ owner, mint: TEST_USDC_MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0]

  it("plans 6-decimals units of Circle's devnet mint, which the local cluster holds", async () => {
    const { plan } = await setupUsdc(0n, 0n)
    expect(plan).toEqual({ token: TEST_USDC_MINT, units: 2_500_000n })
  })

  it("sends transferChecked from the wallet's token account, creating the recipient's; the recipient holds the amount", async () => {
    const { wallet, control, payer, request, plan } = await setupUsdc(1_000_000_000n, 4_000_000n)
    await checkFunds(cluster.url, request, payer, plan)
    expect(cluster.svm.getAccount(await ataOf(request.address as Address)).exists).toBe(false)
    const signature = await sendSolanaTransfer(wallet, cluster.url, request, payer, plan)
    expect(control.sent).toEqual([signature])
    await waitForSolanaConfirmation(sleep, cluster.url, signature)
    expect(await usdcOf(request.address)).toBe(2_500_000n)
    expect(await usdcOf(payer)).toBe(1_500_000n)
    // The recipient's associated token account was created, its rent paid by the sender with the fee.
    const rent = cluster.svm.minimumBalanceForRentExemption(165n)
    expect(cluster.svm.getAccount(await ataOf(request.address as Address)).exists).toBe(true)
    expect(await readBalance(cluster.url, 'solana', payer, null)).toBe(1_000_000_000n - rent - SOLANA_TRANSFER_FEE_LAMPORTS)
  })

  it('adds to a recipient account that exists, without creating it again', async () => {
    const { wallet, payer, request, plan } = await setupUsdc(1_000_000_000n, 5_000_000n)
    await testUsdc(cluster.url).fund(request.address as Address, 1_000_000n)
    const signature = await sendSolanaTransfer(wallet, cluster.url, request, payer, plan)
    await waitForSolanaConfirmation(sleep, cluster.url, signature)
    expect(await usdcOf(request.address)).toBe(3_500_000n)
    expect(await readBalance(cluster.url, 'solana', payer, null)).toBe(1_000_000_000n - SOLANA_TRANSFER_FEE_LAMPORTS)
  })

  it("refuses a wallet short of USDC: 'Wallet {address} does not have enough funds.'", async () => {
    const { payer, request, plan } = await setupUsdc(1_000_000_000n, 2_499_999n)
    const refusal = checkFunds(cluster.url, request, payer, plan)
    await expect(refusal).rejects.toThrow(`Wallet ${payer} does not have enough funds.`)
    await expect(refusal).rejects.toMatchObject({ code: 'FUNDING_WALLET_NOT_ENOUGH_FUNDS' })
  })

  it("refuses a wallet with the USDC but not the SOL for the fee and the recipient account's rent, before the wallet is asked", async () => {
    const { wallet, control, payer, request, plan } = await setupUsdc(1_000_000n, 4_000_000n)
    await checkFunds(cluster.url, request, payer, plan)
    const refusal = sendSolanaTransfer(wallet, cluster.url, request, payer, plan)
    await expect(refusal).rejects.toThrow(`Wallet ${payer} does not have enough funds.`)
    await expect(refusal).rejects.toMatchObject({ code: 'FUNDING_WALLET_NOT_ENOUGH_FUNDS' })
    expect(control.sent).toEqual([])
    expect(await usdcOf(payer)).toBe(4_000_000n)
  })

  it('a mint the cluster does not hold fails before the wallet is asked', async () => {
    const { wallet, control, payer, request } = await setupUsdc(1_000_000_000n, 0n)
    const missing = { token: (await generateKeyPairSigner()).address, units: 1n }
    await expect(sendSolanaTransfer(wallet, cluster.url, request, payer, missing)).rejects.toMatchObject({ code: 'FUNDING_WALLET_FAILED', details: `${missing.token} is not an SPL Token or Token-2022 mint on this cluster` })
    const eightDecimals = await createTestMint(cluster.url, 8)
    await expect(sendSolanaTransfer(wallet, cluster.url, request, payer, { token: eightDecimals.mint, units: 1n })).rejects.toMatchObject({ code: 'FUNDING_WALLET_FAILED' })
    expect(control.sent).toEqual([])
  })

  it('a cluster without a USDC mint (testnet) has no transfer plan', () => {
    expect(planTransfer({ address: 'x', chainType: 'solana', chain: null, cluster: { name: 'testnet' }, amount: '1', asset: 'USDC', crossChainBridgingEnabled: false }, USDC_ADDRESSES['solana:testnet'] ?? null)).toBeNull()
  })
})

describe('Token-2022 mints and tokens outside the associated token account', () => {
  /** A payer with 1 SOL connected to a test wallet, and a request for 2.5 of `token` (named as the app's USDC) to a fresh address. */
  async function setupToken(token: TestMint) {
    const { wallet, control } = await createTestSolanaWallet({ rpcUrl: cluster.url })
    await (wallet.features['standard:connect'] as { connect(): Promise<unknown> }).connect()
    const payer = control.address as Address
    cluster.svm.airdrop(payer, lamports(1_000_000_000n))
    const recipient = (await generateKeyPairSigner()).address
    const request: FundingRequest = { address: recipient, chainType: 'solana', chain: null, cluster: { name: 'devnet' }, amount: '2.5', asset: 'USDC', crossChainBridgingEnabled: false }
    return { wallet, control, payer, request, plan: planTransfer(request, token.mint)! }
  }
  const amountOf = (owner: string, token: TestMint) => readBalance(cluster.url, 'solana', owner, token.mint)
  const ataOf = async (owner: Address, token: TestMint) => (await findAssociatedTokenPda({ owner, mint: token.mint, tokenProgram: token.program }))[0]

  it("sends a Token-2022 mint (as PYUSD is) with Token-2022's transferChecked, creating the recipient's Token-2022 associated account and paying its rent", async () => {
    const pyusd = await createTestMint2022(cluster.url)
    const { wallet, control, payer, request, plan } = await setupToken(pyusd)
    await pyusd.fund(payer, 4_000_000n)
    await checkFunds(cluster.url, request, payer, plan)
    const signature = await sendSolanaTransfer(wallet, cluster.url, request, payer, plan)
    expect(control.sent).toEqual([signature])
    await waitForSolanaConfirmation(sleep, cluster.url, signature)
    expect(await amountOf(request.address, pyusd)).toBe(2_500_000n)
    expect(await amountOf(payer, pyusd)).toBe(1_500_000n)
    const created = cluster.svm.getAccount(await ataOf(request.address as Address, pyusd))
    expect(created.exists && created.programAddress).toBe(TOKEN_2022_PROGRAM_ADDRESS)
    // The Token-2022 associated account (ImmutableOwner: 170 bytes) is not the Token program's address for the same owner and mint.
    expect(await ataOf(request.address as Address, pyusd)).not.toBe((await findAssociatedTokenPda({ owner: request.address as Address, mint: pyusd.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0])
    expect(await readBalance(cluster.url, 'solana', payer, null)).toBe(1_000_000_000n - cluster.svm.minimumBalanceForRentExemption(170n) - SOLANA_TRANSFER_FEE_LAMPORTS)
  })

  it("refuses a Token-2022 mint that charges a transfer fee before the wallet is asked: the recipient would get less than the amount", async () => {
    const fee = await createTestMint2022(cluster.url, { transferFee: { basisPoints: 50, maximumFee: 1_000_000n } })
    const { wallet, control, payer, request, plan } = await setupToken(fee)
    await fee.fund(payer, 4_000_000n)
    await checkFunds(cluster.url, request, payer, plan)
    const refusal = sendSolanaTransfer(wallet, cluster.url, request, payer, plan)
    await expect(refusal).rejects.toMatchObject({ code: 'FUNDING_WALLET_TOKEN_UNSUPPORTED', details: `${fee.mint}: it charges a transfer fee` })
    await expect(refusal).rejects.toThrow('This token cannot be sent from a wallet here: its transfers charge a fee or are restricted by its issuer.')
    expect(control.sent).toEqual([])
    expect(await amountOf(payer, fee)).toBe(4_000_000n)
  })

  it('sends a Token-2022 mint whose transfer fee is set to zero, as PYUSD has it, and the recipient gets the whole amount', async () => {
    const zeroFee = await createTestMint2022(cluster.url, { transferFee: { basisPoints: 0, maximumFee: 0n } })
    const { wallet, payer, request, plan } = await setupToken(zeroFee)
    await zeroFee.fund(payer, 2_500_000n)
    const signature = await sendSolanaTransfer(wallet, cluster.url, request, payer, plan)
    await waitForSolanaConfirmation(sleep, cluster.url, signature)
    expect(await amountOf(request.address, zeroFee)).toBe(2_500_000n)
    expect(await amountOf(payer, zeroFee)).toBe(0n)
    // Its token accounts carry TransferFeeAmount: the rent paid is for 182 bytes.
    expect(await readBalance(cluster.url, 'solana', payer, null)).toBe(1_000_000_000n - cluster.svm.minimumBalanceForRentExemption(182n) - SOLANA_TRANSFER_FEE_LAMPORTS)
  })

  for (const kind of ['Token program', 'Token-2022'] as const) {
    it(`${kind}: USDC held outside the associated token account counts and is sent from, the associated account first, in one transaction`, async () => {
      const token = kind === 'Token program' ? testUsdc(cluster.url) : await createTestMint2022(cluster.url)
      const { wallet, control, payer, request, plan } = await setupToken(token)
      const ata = await token.fund(payer, 1_000_000n)
      const other = await token.fundAccount(payer, 2_000_000n)
      const small = await token.fundAccount(payer, 300_000n)
      // 3.3 in three accounts: enough for 2.5, though the associated one holds 1.
      await checkFunds(cluster.url, request, payer, plan)
      const signature = await sendSolanaTransfer(wallet, cluster.url, request, payer, plan)
      expect(control.sent).toEqual([signature])
      await waitForSolanaConfirmation(sleep, cluster.url, signature)
      expect(await amountOf(request.address, token)).toBe(2_500_000n)
      const held = async (account: Address) => (await readSolanaTokenAccounts(cluster.url, payer, token.mint)).find((a) => a.address === account)?.amount
      // The associated account is emptied first, then the largest other one; the smallest is untouched.
      expect(await held(ata)).toBe(0n)
      expect(await held(other)).toBe(500_000n)
      expect(await held(small)).toBe(300_000n)
      // One transaction, one fee.
      expect(await readBalance(cluster.url, 'solana', payer, null)).toBe(1_000_000_000n - cluster.svm.minimumBalanceForRentExemption(kind === 'Token program' ? 165n : 170n) - SOLANA_TRANSFER_FEE_LAMPORTS)
    })
  }

  it('sends from a token account that is not the associated one when the wallet has no associated account', async () => {
    const { wallet, payer, request, plan } = await setupToken(testUsdc(cluster.url))
    const other = await testUsdc(cluster.url).fundAccount(payer, 3_000_000n)
    expect(cluster.svm.getAccount(await ataOf(payer, testUsdc(cluster.url))).exists).toBe(false)
    const signature = await sendSolanaTransfer(wallet, cluster.url, request, payer, plan)
    await waitForSolanaConfirmation(sleep, cluster.url, signature)
    expect(await usdcOfMint(request.address)).toBe(2_500_000n)
    expect((await readSolanaTokenAccounts(cluster.url, payer, TEST_USDC_MINT)).find((a) => a.address === other)?.amount).toBe(500_000n)
  })

  it("a frozen token account neither counts toward the balance nor is sent from: a wallet whose only USDC is frozen gets 'does not have enough funds'", async () => {
    const usdc = testUsdc(cluster.url)
    const { wallet, control, payer, request, plan } = await setupToken(usdc)
    const ata = await usdc.fund(payer, 5_000_000n)
    // Frozen, as a mint's freeze authority leaves an account: its state byte set to 2 in the runtime.
    const account = cluster.svm.getAccount(ata)
    if (!account.exists) throw new Error('the token account was not created')
    const data = new Uint8Array(account.data)
    data[108] = 2
    cluster.svm.setAccount({ ...account, data })
    expect((await readSolanaTokenAccounts(cluster.url, payer, TEST_USDC_MINT))[0]).toMatchObject({ address: ata, amount: 5_000_000n, frozen: true })
    expect(await readBalance(cluster.url, 'solana', payer, TEST_USDC_MINT)).toBe(0n)
    await expect(checkFunds(cluster.url, request, payer, plan)).rejects.toMatchObject({ code: 'FUNDING_WALLET_NOT_ENOUGH_FUNDS' })
    await expect(sendSolanaTransfer(wallet, cluster.url, request, payer, plan)).rejects.toMatchObject({ code: 'FUNDING_WALLET_NOT_ENOUGH_FUNDS' })
    expect(control.sent).toEqual([])
  })
})

const usdcOfMint = (owner: string) => readBalance(cluster.url, 'solana', owner, TEST_USDC_MINT)
