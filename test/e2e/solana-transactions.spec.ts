/**
 * The embedded Solana wallet's sends in the demo, on the local Solana cluster (litesvm behind
 * JSON-RPC, talked to as to a real one): a SOL transfer and an SPL token transfer are reviewed with
 * their decoded instruction and the cluster's fee, approved, confirmed and shown on the receipt, and
 * the cluster's balances move. Screenshots of the review and the receipt, light and dark, desktop
 * and phone, go to .tmp/screens.
 */
import { test, expect, type Page } from '@playwright/test'
import { createSolanaRpc, lamports, type Address } from '@solana/kit'
import { findAssociatedTokenPda, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { apiUrlOf, freshEmail, latestCode, openModal, recordTexts, submitEmail, typeCode } from './helpers'
import { createTestMint } from '../fixtures/solana-rpc/spl'

/** The demo's recipient (examples/demo/solana-wallet.tsx): the incinerator. */
const RECIPIENT = '1nc1nerator11111111111111111111111111111111' as Address
const SOL = 1_000_000_000n

/** Logs in on the demo with embedded Ethereum and Solana wallets made after login; answers the Solana wallet's address and the cluster's URL. */
async function logIn(page: Page, request: Parameters<typeof latestCode>[0], theme: 'light' | 'dark'): Promise<{ wallet: Address; url: string }> {
  const email = freshEmail(`solana-${theme}`)
  await openModal(page, `/?embedded=solana&theme=${theme}`)
  await submitEmail(page, email)
  const seen = await recordTexts(page, ['Welcome to Portico Demo'], { within: '[role="dialog"], [role="alertdialog"]' })
  await typeCode(page, await latestCode(request, await apiUrlOf(page), email))
  await expect(page.getByTestId('embedded-solana-wallet')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  await expect.poll(seen).toEqual(['Welcome to Portico Demo'])
  await expect(page.getByRole('alertdialog')).toBeHidden()
  await expect(page.getByRole('dialog')).toBeHidden()
  const wallet = (await page.getByTestId('embedded-solana-wallet').textContent()) as Address
  const url = (await page.locator('meta[name="portico-solana-url"]').getAttribute('content'))!
  return { wallet, url }
}

const rowOf = (page: Page, label: string) => page.getByRole('dialog').locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

async function shoot(page: Page, name: string): Promise<void> {
  // The spinner and the modal's entrance are stilled so the shot shows the screen as it settles.
  await page.screenshot({ path: `.tmp/screens/${name}.png`, animations: 'disabled' })
}

test.describe('embedded Solana wallet sends', () => {
  test('a SOL transfer is reviewed with the cluster’s fee, approved, confirmed on the local cluster and shown on the receipt; a refused token send is retried (light)', async ({ page, request }) => {
    const { wallet, url } = await logIn(page, request, 'light')
    const rpc = createSolanaRpc(url)
    await rpc.requestAirdrop(wallet, lamports(SOL)).send()
    const before = (await rpc.getBalance(RECIPIENT).send()).value
    const dialog = page.getByRole('dialog')

    await page.getByRole('button', { name: 'Send 0.001 SOL' }).click()
    await expect(dialog.getByRole('heading', { name: 'Review transaction' })).toBeVisible()
    const transfer = dialog.getByRole('region', { name: 'Send SOL' })
    await expect(transfer.locator('dt', { hasText: /^Amount$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText(/^0\.001 SOL/)
    await expect(transfer.locator('dt', { hasText: /^To$/ }).locator('xpath=following-sibling::dd[1]')).toHaveAttribute('title', RECIPIENT)
    await expect(rowOf(page, 'Network')).toHaveText('Solana Localnet')
    // 5000 lamports from the cluster's getFeeForMessage.
    await expect(rowOf(page, 'Estimated fee')).toHaveText(/^<0\.001 SOL/)
    await expect(rowOf(page, 'Total')).toHaveText(/^0\.001005 SOL/)
    await shoot(page, 'solana-review-light')
    await dialog.getByRole('button', { name: 'Approve' }).click()

    await expect(dialog.getByRole('heading', { name: 'Transaction confirmed' })).toBeVisible()
    await expect(dialog.getByText('Your transaction is confirmed on Solana Localnet.')).toBeVisible()
    await expect(rowOf(page, 'Fee paid')).toHaveText(/^<0\.001 SOL/)
    await shoot(page, 'solana-receipt-light')
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('embedded-solana-signature')).toHaveText(/[1-9A-HJ-NP-Za-km-z]{64,88}/)
    const signature = ((await page.getByTestId('embedded-solana-signature').textContent()) ?? '').trim()
    const { value } = await rpc.getSignatureStatuses([signature as never]).send()
    expect(value[0]).toMatchObject({ err: null })
    expect((await rpc.getBalance(RECIPIENT).send()).value - before).toBe(1_000_000n)

    // A token the wallet does not hold yet: the simulation warns, the cluster refuses the send, and
    // 'Retry transaction' sends it again once the wallet holds it.
    const usdc = await createTestMint(url, 6)
    await usdc.fund(RECIPIENT, 0n)
    await page.getByLabel('Token mint').fill(usdc.mint)
    await page.getByRole('button', { name: 'Send 1 token' }).click()
    await expect(dialog.getByText('There was an error preparing your transaction. Your transaction request will likely fail.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await expect(dialog.getByRole('heading', { name: 'Transaction failed' })).toBeVisible()
    await expect(rowOf(page, 'Error code')).toHaveText('solana_rpc_error')
    await expect(dialog.getByRole('alert')).toHaveText('Transaction simulation failed (-32002): InstructionError(0, InvalidAccountData)')
    await shoot(page, 'solana-error-light')
    await usdc.fund(wallet, 2_000_000n)
    await dialog.getByRole('button', { name: 'Retry transaction' }).click()
    await expect(dialog.getByRole('heading', { name: 'Transaction confirmed' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('embedded-solana-signature')).toHaveText(/[1-9A-HJ-NP-Za-km-z]{64,88}/)
    expect(((await page.getByTestId('embedded-solana-signature').textContent()) ?? '').trim()).not.toBe(signature)
  })

  test('an SPL token transfer is reviewed with its decoded token amount, approved and confirmed (dark, desktop and phone)', async ({ page, request }) => {
    const { wallet, url } = await logIn(page, request, 'dark')
    const rpc = createSolanaRpc(url)
    await rpc.requestAirdrop(wallet, lamports(SOL)).send()
    const usdc = await createTestMint(url, 6)
    const source = await usdc.fund(wallet, 5_000_000n)
    await usdc.fund(RECIPIENT, 0n)
    const [destination] = await findAssociatedTokenPda({ owner: RECIPIENT, mint: usdc.mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const dialog = page.getByRole('dialog')

    await page.getByLabel('Token mint').fill(usdc.mint)
    await page.getByRole('button', { name: 'Send 1 token' }).click()
    const transfer = dialog.getByRole('region', { name: 'Send tokens' })
    await expect(transfer).toBeVisible()
    const value = (label: string) => transfer.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')
    await expect(value('Tokens')).toHaveText('1')
    await expect(value('Token mint')).toHaveAttribute('title', usdc.mint)
    await expect(value('From')).toHaveAttribute('title', source)
    await expect(value('To')).toHaveAttribute('title', destination)
    await expect(rowOf(page, 'Total')).toHaveText(/^<0\.001 SOL/)
    await shoot(page, 'solana-token-review-dark')
    await page.setViewportSize({ width: 390, height: 844 })
    await shoot(page, 'solana-token-review-dark-phone')
    await page.setViewportSize({ width: 1280, height: 800 })
    await dialog.getByRole('button', { name: 'Approve' }).click()

    await expect(dialog.getByRole('heading', { name: 'Transaction confirmed' })).toBeVisible()
    await shoot(page, 'solana-token-receipt-dark')
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByTestId('embedded-solana-signature')).toHaveText(/[1-9A-HJ-NP-Za-km-z]{64,88}/)
    const held = async (account: Address) => {
      const { value: info } = await rpc.getAccountInfo(account, { encoding: 'base64' }).send()
      return getTokenDecoder().decode(Buffer.from(info!.data[0], 'base64')).amount
    }
    expect(await held(destination)).toBe(1_000_000n)
    expect(await held(source)).toBe(4_000_000n)
  })
})
