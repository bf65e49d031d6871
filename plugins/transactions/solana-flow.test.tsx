// @vitest-environment jsdom
/**
 * The embedded Solana wallet's `signAndSendTransaction` and `signTransaction` through the Solana
 * transaction screen the transactions plugin registers, with a real kernel and modal, the local
 * Solana cluster (litesvm behind JSON-RPC) and the wallet frame's own signer in-process: the review
 * decodes SOL and SPL token transfers and shows unknown instructions raw, prices the fee from the
 * cluster, Approve sends, the screen waits for the confirmation and shows the receipt; a refused send
 * shows the error and 'Retry transaction' sends again; Cancel rejects with 4001 and signs nothing.
 * Amounts follow the app's `price_display.primary`; short of funds on a cluster the funding plugin
 * funds, 'Add funds' opens its method selection.
 */
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getTokenDecoder, getTransferInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import {
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase64Encoder,
  lamports,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Instruction,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { PorticoProvider } from '../../ui/provider'
import { startHarness, type Harness } from '../../test/support/ui-harness'
import { startSolanaRpc, type SolanaRpc } from '../../test/fixtures/solana-rpc'
import { createTestMint, testKey, type TestMint } from '../../test/fixtures/solana-rpc/spl'
import { deriveWalletKey, newEntropy } from '../../wallet-frame/crypto'
import { signRpc } from '../../wallet-frame/rpc'
import { createEmbeddedSolanaWallet, type EmbeddedSolanaWallet } from '../embedded-wallets'
import { showSolanaTransaction } from '../embedded-wallets/solana-steps'
import type { FrameRpcRequest } from '../../protocols/wallet-frame'
import { email } from '../email'
import type { PluginDefinition } from '../../kernel/plugin'
import { testCardFunding } from './funding-test-support'
import { authenticated } from '../../test/support/ui-harness'
import type { AppResponse, AuthenticatedUser } from '../../kernel/wire'
import { transactions } from './index'

const SOL = 1_000_000_000n
const EXPLORER = 'https://explorer.solana.com/?cluster=custom'
/** Devnet's CAIP-2 id: a cluster the funding plugin funds on (the RPC URL stays the local cluster's). */
const DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

let cluster: SolanaRpc
let rpc: Rpc<SolanaRpcApi>
let usdc: TestMint
beforeAll(async () => {
  cluster = await startSolanaRpc()
  rpc = createSolanaRpc(cluster.url)
  usdc = await createTestMint(cluster.url, 6)
})
afterAll(() => cluster?.close())

let h: Harness | null = null
let key: ReturnType<typeof deriveWalletKey>
let signed: FrameRpcRequest[]
/** The wallet's address. */
let me: Address
beforeEach(() => {
  key = deriveWalletKey(newEntropy(), 'solana', 0)
  me = key.address as Address
  signed = []
})
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

/** The kernel with the transactions plugin, the local cluster as the app's Solana chain, and SOL's price (or the route failing). */
async function start(price: number | null = 150, over: { app?: Partial<AppResponse>; chainId?: string; plugins?: PluginDefinition[] } = {}): Promise<EmbeddedSolanaWallet> {
  h = await startHarness({
    plugins: [email(), transactions(), ...(over.plugins ?? [])],
    ...(over.app ? { app: over.app } : {}),
    config: { supportedChains: [{ id: over.chainId ?? 'solana:localnet', name: 'Localnet', rpcUrls: [cluster.url], nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 }, blockExplorerUrls: [EXPLORER] }] },
    routes: { 'GET /api/v1/token_price': () => (price === null ? { status: 503, json: { error: 'Unable to fetch SOL price' } } : { json: { usd: price } }) },
  })
  const ctx = h.kernel.contextFor('email')
  const wallet = { address: me, chainType: 'solana' as const, walletIndex: 0, imported: false, recoveryMethod: 'privy' as const }
  await act(async () => {
    render(<PorticoProvider kernel={h!.kernel} />)
  })
  return createEmbeddedSolanaWallet({
    wallet,
    sign: async (request) => {
      signed.push(request)
      return signRpc(key, request)
    },
    review: (request) => showSolanaTransaction(ctx, wallet, request),
    rpcUrl: () => cluster.url,
    authenticated: () => true,
  })
}

async function transaction(feePayer: Address, ...instructions: Instruction[]) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    ),
  )
}

const solTransfer = (from: Address, to: Address, amount: bigint) => getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount })
const balance = async (who: Address) => (await rpc.getBalance(who).send()).value
async function tokenBalance(account: Address): Promise<bigint | undefined> {
  const { value } = await rpc.getAccountInfo(account, { encoding: 'base64' }).send()
  return value ? getTokenDecoder().decode(getBase64Encoder().encode(value.data[0])).amount : undefined
}
/** The value shown next to a label, within a part of the screen. */
const row = (label: string, inside: HTMLElement = document.body) => within(inside).getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })))

describe('signAndSendTransaction with the Solana transaction screen', () => {
  it('reviews a SOL transfer with the fee from the cluster and dollar values, then sends it, waits for the confirmation and shows the receipt', async () => {
    await rpc.requestAirdrop(me, lamports(2n * SOL)).send()
    const wallet = await start(150)
    const to = testKey().address
    const sending = wallet.signAndSendTransaction(await transaction(me, solTransfer(me, to, SOL / 2n)), { uiOptions: { successHeader: 'Sent!', successDescription: 'Half a SOL is on its way.' } })
    expect(await screen.findByRole('heading', { name: 'Review transaction' })).toBeTruthy()
    const transfer = screen.getByRole('region', { name: 'Send SOL' })
    // Dollar values follow once the price route answers.
    await within(transfer).findByText('0.5 SOL ($75.00)')
    expect(row('To', transfer)).toBe(`${to.slice(0, 4)}…${to.slice(-4)}`)
    expect(row('Network')).toBe('Localnet')
    // 5000 lamports: under 0.001 SOL and under a cent.
    await waitFor(() => expect(row('Estimated fee')).toBe('<0.001 SOL (<$0.01)'))
    expect(row('Total')).toBe('0.500005 SOL ($75.00)')
    expect(signed).toHaveLength(0)

    await click('Approve')
    expect(await screen.findByRole('heading', { name: 'Sent!' })).toBeTruthy()
    expect(screen.getByText('Half a SOL is on its way.')).toBeTruthy()
    expect(await balance(to)).toBe(SOL / 2n)
    const link = screen.getByRole('link', { name: 'View on block explorer' }) as HTMLAnchorElement
    const shownSignature = screen.getByText('Signature', { selector: 'dt' }).nextElementSibling?.getAttribute('title')
    await click('Done')
    const signature = await sending
    expect(shownSignature).toBe(signature)
    expect(link.href).toBe(`https://explorer.solana.com/tx/${signature}?cluster=custom`)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]).toMatchObject({ err: null })
    expect(signed).toHaveLength(1)
  })

  it('reviews an SPL token transfer in the mint’s decimals read from the cluster, and without fiat figures when the price source fails', async () => {
    await rpc.requestAirdrop(me, lamports(SOL)).send()
    const source = await usdc.fund(me, 3_000_000n)
    const owner = testKey().address
    const destination = await usdc.fund(owner, 0n)
    const wallet = await start(null)
    const ix = getTransferInstruction({ source, destination, authority: createNoopSigner(me), amount: 1_500_000n })
    const sending = wallet.signAndSendTransaction(await transaction(me, ix))
    const transfer = await screen.findByRole('region', { name: 'Send tokens' })
    await within(transfer).findByText('1.5')
    expect(row('Token mint', transfer)).toBe(`${usdc.mint.slice(0, 4)}…${usdc.mint.slice(-4)}`)
    expect(row('To', transfer)).toBe(`${destination.slice(0, 4)}…${destination.slice(-4)}`)
    await waitFor(() => expect(row('Estimated fee')).toBe('<0.001 SOL'))
    expect(row('Total')).toBe('<0.001 SOL')
    expect(screen.queryByText(/\$/)).toBeNull()
    await click('Approve')
    expect(await screen.findByRole('heading', { name: 'Transaction confirmed' })).toBeTruthy()
    expect(screen.getByText('Your transaction is confirmed on Localnet.')).toBeTruthy()
    // Closing the receipt keeps the send's outcome.
    await act(async () => h!.kernel.closeModal())
    expect(await sending).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(await tokenBalance(destination)).toBe(1_500_000n)
    expect(await tokenBalance(source)).toBe(1_500_000n)
  })

  it('shows an instruction it cannot describe raw with a warning; Cancel rejects with 4001 and nothing is signed', async () => {
    await rpc.requestAirdrop(me, lamports(SOL)).send()
    const wallet = await start()
    const program = testKey().address
    const unknown: Instruction = { programAddress: program, accounts: [], data: new Uint8Array([1, 2, 3]) }
    const sending = wallet.signAndSendTransaction(await transaction(me, unknown))
    sending.catch(() => undefined)
    const shown = await screen.findByRole('region', { name: 'Unknown instruction' })
    expect(row('Program', shown)).toBe(`${program.slice(0, 4)}…${program.slice(-4)}`)
    expect(within(shown).getByLabelText('Data').textContent).toBe('0x010203')
    expect(screen.getByText('This transaction runs instructions that cannot be described. Check their program and data before you approve.')).toBeTruthy()
    // The cluster cannot run it: the simulation says so.
    expect(await screen.findByText('There was an error preparing your transaction. Your transaction request will likely fail.')).toBeTruthy()
    await click('Cancel')
    await expect(sending).rejects.toMatchObject({ rpcCode: 4001, message: 'The user rejected the request.' })
    expect(signed).toHaveLength(0)
  })

  it("says 'Add funds on Localnet to complete transaction.' and disables Approve when the balance does not cover the total", async () => {
    const wallet = await start()
    const sending = wallet.signAndSendTransaction(await transaction(me, solTransfer(me, me, SOL)))
    sending.catch(() => undefined)
    expect(await screen.findByText('Add funds on Localnet to complete transaction.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true)
    await click('Cancel')
    await expect(sending).rejects.toMatchObject({ rpcCode: 4001 })
  })

  it('shows a send the cluster refuses with its code and message; Retry transaction sends it again once it can succeed', async () => {
    await rpc.requestAirdrop(me, lamports(SOL)).send()
    const source = await usdc.fund(me, 1_000_000n)
    const destination = await usdc.fund(testKey().address, 0n)
    const wallet = await start()
    const ix = getTransferInstruction({ source, destination, authority: createNoopSigner(me), amount: 2_000_000n })
    const sending = wallet.signAndSendTransaction(await transaction(me, ix))
    await screen.findByText('There was an error preparing your transaction. Your transaction request will likely fail.')
    await click('Approve')
    expect(await screen.findByRole('heading', { name: 'Transaction failed' })).toBeTruthy()
    expect(row('Error code')).toBe('solana_rpc_error')
    expect(screen.getByRole('alert').textContent).toBe('Transaction simulation failed (-32002): InstructionError(0, Custom(1))')
    // The wallet gets the tokens it lacked; the same transaction now goes through.
    await usdc.fund(me, 1_500_000n)
    await click('Retry transaction')
    expect(await screen.findByRole('heading', { name: 'Transaction confirmed' })).toBeTruthy()
    await click('Done')
    await sending
    expect(await tokenBalance(destination)).toBe(2_000_000n)
  })

  it('rejects with the refusal when the user closes the error screen', async () => {
    await rpc.requestAirdrop(me, lamports(SOL)).send()
    const [source] = await findAssociatedTokenPda({ owner: me, mint: usdc.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const wallet = await start()
    // A token account that does not exist: the cluster refuses the send.
    const ix = getTransferInstruction({ source, destination: source, authority: createNoopSigner(me), amount: 1n })
    const sending = wallet.signAndSendTransaction(await transaction(me, ix))
    sending.catch(() => undefined)
    await screen.findByRole('region', { name: 'Send tokens' })
    await click('Approve')
    await screen.findByRole('heading', { name: 'Transaction failed' })
    await click('Cancel')
    await expect(sending).rejects.toMatchObject({ code: 'solana_rpc_error' })
  })

  it("refuses a transaction the wallet does not sign, before any screen: 'Transaction does not contain public key'", async () => {
    const wallet = await start()
    const other = testKey().address
    await expect(wallet.signAndSendTransaction(await transaction(other, solTransfer(other, other, 1n)))).rejects.toMatchObject({
      code: 'invalid_request',
      shortMessage: 'Transaction does not contain public key',
    })
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(signed).toHaveLength(0)
  })
})

describe('the Solana screen with the app’s display and funding', () => {
  it("shows dollar values first with price_display 'fiat-currency', on the review and the receipt's fee paid", async () => {
    await rpc.requestAirdrop(me, lamports(2n * SOL)).send()
    const wallet = await start(150, { app: { embedded_wallet_config: { create_on_login: 'off', mode: 'legacy-embedded-wallets-only', price_display: { primary: 'fiat-currency' } } as AppResponse['embedded_wallet_config'] } })
    const sending = wallet.signAndSendTransaction(await transaction(me, solTransfer(me, testKey().address, SOL / 2n)))
    const transfer = await screen.findByRole('region', { name: 'Send SOL' })
    await within(transfer).findByText('$75.00 (0.5 SOL)')
    await waitFor(() => expect(row('Estimated fee')).toBe('<$0.01 (<0.001 SOL)'))
    expect(row('Total')).toBe('$75.00 (0.500005 SOL)')
    await click('Approve')
    expect(await screen.findByRole('heading', { name: 'Transaction confirmed' })).toBeTruthy()
    expect(row('Fee paid')).toBe('<$0.01 (<0.001 SOL)')
    await click('Done')
    await sending
  })

  it("turns Approve into 'Add funds' when the funding plugin funds the cluster, opening its method selection for the missing SOL", async () => {
    const requested: string[] = []
    const card = testCardFunding((request) => requested.push(`${request.cluster?.name} ${request.amount}`))
    const wallet = await start(150, { chainId: DEVNET, plugins: [card] })
    await h!.kernel.contextFor('email').authenticate(async () => authenticated() as unknown as AuthenticatedUser, { method: 'email' })
    const sending = wallet.signAndSendTransaction(await transaction(me, solTransfer(me, testKey().address, SOL)))
    sending.catch(() => undefined)
    expect(await screen.findByText('Add funds on Localnet to complete transaction.')).toBeTruthy()
    const addFunds = await screen.findByRole('button', { name: 'Add funds' })
    await act(async () => fireEvent.click(addFunds))
    expect(await screen.findByRole('button', { name: /Pay with a test card/ })).toBeTruthy()
    // 1 SOL and the 5000-lamport fee: what the empty wallet lacks.
    expect(requested.at(-1)).toBe('devnet 1.000005')
    expect(signed).toHaveLength(0)
  })
})

describe('signTransaction with the Solana transaction screen', () => {
  it('reviews the transaction; Approve signs it without sending', async () => {
    await rpc.requestAirdrop(me, lamports(SOL)).send()
    const wallet = await start()
    const to = testKey().address
    const signing = wallet.signTransaction(await transaction(me, solTransfer(me, to, SOL / 10n)), { uiOptions: { buttonText: 'Sign it' } })
    const transfer = await screen.findByRole('region', { name: 'Send SOL' })
    await within(transfer).findByText('0.1 SOL ($15.00)')
    await click('Sign it')
    const tx = await signing
    expect(tx.signatures[me]).toBeInstanceOf(Uint8Array)
    expect(await balance(to)).toBe(0n)
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
