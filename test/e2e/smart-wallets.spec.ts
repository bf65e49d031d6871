/**
 * Smart wallets in the browser, against the real ERC-4337 chain (anvil with the EntryPoints v0.7 and
 * v0.6, the Safe contracts, thirdweb's account factory and a verifying paymaster per EntryPoint from
 * their published artifacts, the alto bundler) and the local ERC-7677 paymaster service, for a Safe
 * and a thirdweb account: a new user's account is linked as `smart_wallet` before it exists; a
 * message it signs verifies through ERC-6492 before deployment and ERC-1271 after; its first
 * sponsored transaction ('Sponsored' on the review and the receipt) deploys it; a batched transfer
 * is reviewed with one fee for the operation, shown once, and goes in one user operation; a sponsorship the paymaster's policy refuses ends on the error screen
 * with a text the user understands; without a paymaster the review shows the bundler's maximum fee
 * and the account pays. 'Approve' is the one approval: the wallet frame signs the user
 * operation (`csw_signUserOperation`) with no sign request after it. Screenshots of the review with
 * the sponsored and the account-paid fee and of a batch (light and dark, desktop and phone) and of the refusal.
 */
import { test, expect, type APIRequestContext, type Page } from '@playwright/test'
import { parseAbi, type Address, type Hex } from 'viem'
import { REFUSED_POLICY_ID } from '../fixtures/paymaster-service'
import { approve, expectBatchReview, MESSAGE, newUserWithSmartWallet, row, sendSponsoredTransfer, signMessage, smartWalletsHarness, USER_OPERATION_EVENT } from './smart-wallets/support'

const harness = smartWalletsHarness()
test.afterAll(() => harness.close())

const recipients = harness.recipients
const client = () => harness.client()
const fund = (address: Address, wei: bigint) => harness.fund(address, wei)
/** An app with smart wallets of a type (Safe unless told), sponsored under the context, or paid by the account when it is null. */
const smartWalletApp = (page: Page, request: APIRequestContext, paymasterContext: Record<string, unknown> | null, type: 'safe' | 'thirdweb' = 'safe') =>
  harness.app(page, request, paymasterContext, type)

test.describe('smart wallets', () => {
  for (const type of ['safe', 'thirdweb'] as const) {
    test(`a new user's ${type} account is linked before it exists, signs through ERC-6492, deploys on its first sponsored transaction ('Sponsored' fee), then signs through ERC-1271`, async ({ page, request }) => {
      const url = await smartWalletApp(page, request, { sponsorshipPolicyId: 'sp_harbor' }, type)
      const address = await newUserWithSmartWallet(page, request, url, type)
      expect(await client().getCode({ address })).toBeUndefined()

      // Before deployment: an ERC-6492 signature, verified against the counterfactual account.
      const before = await signMessage(page)
      expect(await client().verifyMessage({ address, message: MESSAGE, signature: before })).toBe(true)
      expect(await client().verifyMessage({ address, message: 'another text', signature: before })).toBe(false)

      // The first transaction: reviewed with the sponsored fee, it deploys the account, which holds
      // the 1000 wei it sends and nothing for gas.
      await fund(address, 1000n)
      // Both types pay the same recipient: its balance grows by the amount.
      const received = await client().getBalance({ address: recipients[0]! })
      await sendSponsoredTransfer(page, address, type)
      await expect(page.getByTestId('smart-wallet-outcome')).toHaveText(/^sent 0x[0-9a-f]{64} 0x[0-9a-f]{64} true$/)
      expect(await client().getCode({ address })).toMatch(/^0x[0-9a-f]+$/)
      expect(await client().getBalance({ address: recipients[0]! })).toBe(received + 1000n)
      expect(await client().getBalance({ address })).toBe(0n)

      // After deployment: the account's own ERC-1271 check.
      const after = await signMessage(page)
      expect(after.length).toBeLessThan(before.length)
      expect(await client().verifyMessage({ address, message: MESSAGE, signature: after })).toBe(true)
    })
  }

  for (const type of ['safe', 'thirdweb'] as const) {
    test(`a ${type} account that pays its own fee: the review shows the bundler's maximum fee, one approval sends it (light desktop, dark phone)`, async ({ page, request }) => {
      const url = await smartWalletApp(page, request, null, type)
      const address = await newUserWithSmartWallet(page, request, url, type)
      await fund(address, 10n ** 18n)
      const send = async (shot: string) => {
        await page.getByRole('button', { name: 'Send with the smart wallet' }).click()
        const dialog = page.getByRole('dialog')
        await expect(dialog.getByRole('heading', { name: 'Review transaction' })).toBeVisible()
        await expect(row(dialog, 'Estimated fee')).toHaveText(/^0\.0\d+ ETH/)
        await expect(row(dialog, 'Total')).toHaveText(/^0\.0\d+ ETH/)
        await expect(dialog.getByText(/error preparing your transaction/)).toHaveCount(0)
        await dialog.screenshot({ path: test.info().outputPath(`smart-wallet-review-account-paid-${type}-${shot}.png`) })
        await approve(dialog)
        await dialog.getByRole('button', { name: 'Done' }).click()
        await expect(page.getByTestId('smart-wallet-outcome')).toHaveText(/^sent 0x[0-9a-f]{64} 0x[0-9a-f]{64} false$/)
      }
      // What the account holds: its balance and its deposit at its EntryPoint (a prefund's rest stays there).
      const entryPoint = type === 'thirdweb' ? harness.chain().entryPoint06 : harness.chain().entryPoint
      const funds = async () =>
        (await client().getBalance({ address })) +
        (await client().readContract({ address: entryPoint, abi: parseAbi(['function balanceOf(address) view returns (uint256)']), functionName: 'balanceOf', args: [address] }))
      const received = await client().getBalance({ address: recipients[0]! })
      await send('light-desktop')
      expect(await client().getCode({ address })).toMatch(/^0x[0-9a-f]+$/)
      const held = await funds()
      expect(held).toBeLessThan(10n ** 18n - 1000n)
      // The deployed account again, in the dark theme at a phone's size.
      await page.setViewportSize({ width: 390, height: 844 })
      await page.goto(`${url}&theme=dark`)
      await page.getByRole('button', { name: 'Get smart wallet' }).click()
      await expect(page.getByTestId('smart-wallet-outcome')).toHaveText(`address ${address}`)
      await send('dark-phone')
      expect(await funds()).toBeLessThan(held - 1000n)
      expect(await client().getBalance({ address: recipients[0]! })).toBe(received + 2000n)
    })

    // Safe's batch in light on a desktop, thirdweb's in dark on a phone.
    const look = type === 'safe' ? { theme: 'light', size: 'desktop' } : { theme: 'dark', size: 'phone' }
    test(`a batched transfer of a ${type} account is reviewed item by item with the operation's one fee, and goes in one sponsored user operation under one approval (${look.theme}, ${look.size})`, async ({ page, request }) => {
      if (look.size === 'phone') await page.setViewportSize({ width: 390, height: 844 })
      const url = await smartWalletApp(page, request, {}, type)
      const address = await newUserWithSmartWallet(page, request, `${url}&theme=${look.theme}`, type)
      await fund(address, 5000n)
      const received = await Promise.all([recipients[1]!, recipients[2]!].map((r) => client().getBalance({ address: r })))
      await page.getByRole('button', { name: 'Send a batch' }).click()
      const dialog = page.getByRole('dialog')
      await expectBatchReview(dialog, `smart-wallet-review-batch-sponsored-${type}-${look.theme}-${look.size}`)
      await approve(dialog)
      await dialog.getByRole('button', { name: 'Done' }).click()
      await expect(page.getByTestId('smart-wallet-outcome')).toHaveText(/^sent 0x[0-9a-f]{64} 0x[0-9a-f]{64} true$/)
      const transactionHash = ((await page.getByTestId('smart-wallet-outcome').textContent()) ?? '').split(' ')[2] as Hex
      const receipt = await client().getTransactionReceipt({ hash: transactionHash })
      expect(receipt.logs.filter((l) => l.topics[0] === USER_OPERATION_EVENT)).toHaveLength(1)
      expect(await client().getBalance({ address: recipients[1]! })).toBe(received[0]! + 2000n)
      expect(await client().getBalance({ address: recipients[2]! })).toBe(received[1]! + 3000n)
      expect(await client().getBalance({ address })).toBe(0n)
      expect(await client().getCode({ address })).toMatch(/^0x[0-9a-f]+$/)
    })

    test(`a sponsorship the paymaster refuses for a ${type} account ends on the error screen with a text the user understands, nothing sent`, async ({ page, request }) => {
      const url = await smartWalletApp(page, request, { sponsorshipPolicyId: REFUSED_POLICY_ID }, type)
      const address = await newUserWithSmartWallet(page, request, url, type)
      await fund(address, 1000n)
      await page.getByRole('button', { name: 'Send with the smart wallet' }).click()
      const dialog = page.getByRole('dialog')
      await expect(row(dialog, 'Estimated fee')).toHaveText('Sponsored')
      await dialog.getByRole('button', { name: 'Approve' }).click()
      await expect(dialog.getByRole('heading', { name: 'Transaction failed' })).toBeVisible({ timeout: 60_000 })
      await expect(dialog.getByRole('alert')).toHaveText('The sponsor of this app declined to pay for this transaction.')
      await expect(row(dialog, 'Error code')).toHaveText('paymaster_refused')
      await dialog.screenshot({ path: test.info().outputPath(`smart-wallet-sponsorship-refused-${type}-light-desktop.png`) })
      await dialog.getByRole('button', { name: 'Close' }).click()
      await expect(page.getByTestId('smart-wallet-outcome')).toHaveText('error paymaster_refused The sponsor of this app declined to pay for this transaction.')
      expect(await client().getCode({ address })).toBeUndefined()
      // The service's policy refused it: the widget asked with the app's context.
      const asked = harness.paymaster().requests.filter((r) => (r.params[0] as { sender?: string } | undefined)?.sender === address)
      expect(asked.map((r) => r.method)).toEqual(['pm_getPaymasterStubData'])
      expect(asked[0]!.params[3]).toEqual({ mode: 'SPONSORED', expiryDuration: 300, calculateGasLimits: true, sponsorshipPolicyId: REFUSED_POLICY_ID })
    })
  }
})
