/**
 * Biconomy smart wallets in the browser, against the real ERC-4337 chain (anvil with the EntryPoint
 * v0.6, Biconomy's Smart Account v2 factory, implementation and ECDSA module compiled from their
 * published sources, a verifying paymaster, the alto bundler) and the local ERC-7677 paymaster service:
 * a new user's Biconomy account is linked as `smart_wallet` before it exists; a message it signs
 * verifies through ERC-6492 before deployment and ERC-1271 after; its first sponsored transaction
 * ('Sponsored' on the review and the receipt) deploys it at the address linked before; a batched
 * transfer is reviewed with one fee for the operation, shown once, and goes in one user operation. Screenshots of the review (light desktop, dark phone) and the
 * receipt.
 */
import { test, expect } from '@playwright/test'
import type { Address, Hex } from 'viem'
import { approve, expectBatchReview, MESSAGE, newUserWithSmartWallet, sendSponsoredTransfer, signMessage, smartWalletsHarness, USER_OPERATION_EVENT } from './smart-wallets/support'

const harness = smartWalletsHarness()
test.afterAll(() => harness.close())

test.describe('biconomy smart wallets', () => {
  test("a new user's biconomy account is linked before it exists, signs through ERC-6492, deploys on its first sponsored transaction ('Sponsored' fee), then signs through ERC-1271", async ({ page, request }) => {
    const url = await harness.app(page, request, { sponsorshipPolicyId: 'sp_harbor' }, 'biconomy')
    const address = await newUserWithSmartWallet(page, request, url, 'biconomy')
    const client = harness.client()
    expect(await client.getCode({ address })).toBeUndefined()

    // Before deployment: an ERC-6492 signature, verified against the counterfactual account.
    const before = await signMessage(page)
    expect(await client.verifyMessage({ address, message: MESSAGE, signature: before })).toBe(true)
    expect(await client.verifyMessage({ address, message: 'another text', signature: before })).toBe(false)

    // The first transaction: reviewed with the sponsored fee, it deploys the account at the linked
    // address, which holds the 1000 wei it sends and nothing for gas.
    await harness.fund(address, 1000n)
    const recipient = harness.recipients[0]!
    const received = await client.getBalance({ address: recipient })
    await sendSponsoredTransfer(page, address, 'biconomy')
    await expect(page.getByTestId('smart-wallet-outcome')).toHaveText(/^sent 0x[0-9a-f]{64} 0x[0-9a-f]{64} true$/)
    // The EntryPoint v0.6 ran it, through the paymaster v0.6.
    const transactionHash = ((await page.getByTestId('smart-wallet-outcome').textContent()) ?? '').split(' ')[2] as Hex
    const receipt = await client.getTransactionReceipt({ hash: transactionHash })
    const events = receipt.logs.filter((l) => l.topics[0] === USER_OPERATION_EVENT)
    expect(events.map((l) => l.address.toLowerCase())).toEqual([harness.chain().entryPoint06.toLowerCase()])
    expect(events[0]!.topics[3]?.toLowerCase()).toBe(`0x${harness.chain().paymaster06.slice(2).toLowerCase().padStart(64, '0')}`)
    expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]+$/)
    expect(await client.getBalance({ address: recipient })).toBe(received + 1000n)
    expect(await client.getBalance({ address })).toBe(0n)

    // After deployment: the account's own ERC-1271 check (through its ECDSA module).
    const after = await signMessage(page)
    expect(after.length).toBeLessThan(before.length)
    expect(await client.verifyMessage({ address, message: MESSAGE, signature: after })).toBe(true)
    expect(await client.verifyMessage({ address, message: 'another text', signature: after })).toBe(false)
  })

  test("a batched transfer from a biconomy account is reviewed item by item with the operation's one fee, and goes in one sponsored user operation (dark, phone)", async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const url = await harness.app(page, request, {}, 'biconomy')
    const address = await newUserWithSmartWallet(page, request, `${url}&theme=dark`, 'biconomy')
    await harness.fund(address, 5000n)
    const [, first, second] = harness.recipients as [Address, Address, Address]
    await page.getByRole('button', { name: 'Send a batch' }).click()
    const dialog = page.getByRole('dialog')
    await expectBatchReview(dialog, 'smart-wallet-review-batch-sponsored-biconomy-dark-phone')
    await approve(dialog)
    await dialog.screenshot({ path: test.info().outputPath('smart-wallet-receipt-sponsored-biconomy-dark-phone.png') })
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByTestId('smart-wallet-outcome')).toHaveText(/^sent 0x[0-9a-f]{64} 0x[0-9a-f]{64} true$/)
    const transactionHash = ((await page.getByTestId('smart-wallet-outcome').textContent()) ?? '').split(' ')[2] as Hex
    const receipt = await harness.client().getTransactionReceipt({ hash: transactionHash })
    expect(receipt.logs.filter((l) => l.topics[0] === USER_OPERATION_EVENT)).toHaveLength(1)
    expect(await harness.client().getBalance({ address: first })).toBe(2000n)
    expect(await harness.client().getBalance({ address: second })).toBe(3000n)
    expect(await harness.client().getBalance({ address })).toBe(0n)
    expect(await harness.client().getCode({ address })).toMatch(/^0x[0-9a-f]+$/)
  })
})
