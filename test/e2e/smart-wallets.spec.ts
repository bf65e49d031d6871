/**
 * Smart wallets in the browser, against the real ERC-4337 chain (anvil with the EntryPoints v0.7 and
 * v0.6, the Safe contracts, thirdweb's account factory and a verifying paymaster per EntryPoint from
 * their published artifacts, the alto bundler) and the local ERC-7677 paymaster service, for a Safe
 * and a thirdweb account: a new user's account is linked as `smart_wallet` before it exists; a
 * message it signs verifies through ERC-6492 before deployment and ERC-1271 after; its first
 * sponsored transaction ('Sponsored' on the review and the receipt) deploys it; a batched transfer
 * goes in one user operation; a sponsorship the paymaster's policy refuses ends on the error screen
 * with a text the user understands; without a paymaster the review shows the bundler's maximum fee
 * and the account pays. 'Approve' is the one approval: the wallet frame signs the user
 * operation (`csw_signUserOperation`) with no sign request after it. Screenshots of the review with
 * the sponsored and the account-paid fee (light and dark, desktop and phone) and of the refusal.
 */
import { test, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { createPublicClient, http, parseAbi, toHex, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startHostPage, type HostPage } from '../support/host-page'
import { rpc } from '../fixtures/anvil'
import { startErc4337Chain, type Erc4337Chain } from '../fixtures/erc4337'
import { REFUSED_POLICY_ID, startPaymasterService, type PaymasterService } from '../fixtures/paymaster-service'
import { ADMIN_KEY, apiUrlOf, signIn } from './helpers'

const CHAIN = 'eip155:31337'
const MESSAGE = 'Hello from Harbor'
const USER_OPERATION_EVENT = '0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f'

let chain: Erc4337Chain | null = null
let paymaster: PaymasterService | null = null
let host: HostPage | null = null
const recipients: Address[] = [0, 1, 2].map(() => privateKeyToAccount(generatePrivateKey()).address)

function startHost(apiUrl: string, c: Erc4337Chain): Promise<HostPage> {
  return startHostPage({
    entry: 'test/e2e/smart-wallets/page.tsx',
    title: 'Smart wallets',
    metas: {
      'portico-api-url': apiUrl,
      'portico-anvil-url': c.anvil.url,
      'smart-wallet-contracts': JSON.stringify({ entryPoint: c.entryPoint, safe: c.safe, entryPoint06: c.entryPoint06, thirdweb: { factoryAddress: c.thirdwebFactory } }),
      recipients: recipients.join(','),
    },
    params: { 'portico-app-id': 'app' },
  })
}

test.afterAll(async () => {
  await host?.close()
  await paymaster?.close()
  await chain?.close()
  host = paymaster = chain = null
})

/**
 * Starts what the tests share, and creates an app with smart wallets of a type (Safe unless told)
 * sponsored under the given paymaster context, or paid by the account when it is null.
 */
async function smartWalletApp(page: Page, request: APIRequestContext, paymasterContext: Record<string, unknown> | null, type: 'safe' | 'thirdweb' = 'safe'): Promise<string> {
  await page.goto('/')
  const apiUrl = await apiUrlOf(page)
  chain ??= await startErc4337Chain()
  paymaster ??= await startPaymasterService({
    rpcUrl: chain.anvil.url,
    chainId: chain.anvil.chainId,
    entryPoint: chain.entryPoint,
    paymaster: chain.paymaster,
    v06: { entryPoint: chain.entryPoint06, paymaster: chain.paymaster06 },
  })
  host ??= await startHost(apiUrl, chain)
  const res = await request.post(`${apiUrl}/admin/v1/apps`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: {
      name: 'Harbor',
      allowed_origins: [host.origin],
      settings: {
        loginMethods: ['email_auth'],
        chainRpcUrls: { [CHAIN]: chain.anvil.url },
        smartWallets: {
          enabled: true,
          smartWalletType: type,
          configuredNetworks: [
            { chainId: CHAIN, bundlerUrl: chain.bundlerUrl, rpcUrl: chain.anvil.url, chainName: 'Anvil', ...(paymasterContext ? { paymasterUrl: paymaster.url, paymasterContext } : {}) },
          ],
        },
      },
    },
  })
  expect(res.status(), await res.text()).toBe(200)
  return `${host.origin}/?app=${((await res.json()) as { id: string }).id}`
}

const client = () => createPublicClient({ transport: http(chain!.anvil.url) })
/** Gives an account the wei it sends (not its gas: the paymaster pays that). */
const fund = (address: Address, wei: bigint) => rpc(chain!.anvil.url, 'anvil_setBalance', [address, toHex(wei)])
const row = (dialog: Locator, label: string) => dialog.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

/** Signs a new user in (the embedded wallet is created on login) and gets their smart wallet, signing its link. */
async function newUserWithSmartWallet(page: Page, request: APIRequestContext, url: string, type: 'safe' | 'thirdweb' = 'safe'): Promise<Address> {
  await signIn(page, request, 'smart-wallets', url)
  await expect(page.getByTestId('smart-wallets-enabled')).toHaveText('true')
  await page.getByRole('button', { name: 'Get smart wallet' }).click()
  // The account signs the link's SIWE message: the embedded wallet's sign request shows it.
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Sign message' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Sign and continue' }).click()
  await expect(page.getByTestId('smart-wallet-outcome')).toHaveText(/^address 0x[0-9a-fA-F]{40}$/, { timeout: 60_000 })
  const address = (await page.getByTestId('smart-wallet-address').textContent()) as Address
  await expect(page.getByTestId('smart-wallet-linked')).toHaveText(`${address} ${type}`)
  await expect(dialog).toBeHidden()
  return address
}

/** Signs {@link MESSAGE} with the smart account through the sign request; returns the signature. */
async function signMessage(page: Page): Promise<Hex> {
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Sign and continue' }).click()
  await expect(page.getByTestId('smart-wallet-outcome')).toHaveText('signed')
  await expect(dialog).toBeHidden()
  return (await page.getByTestId('smart-wallet-signature').textContent()) as Hex
}

/**
 * Approves the review and waits for the receipt: the wallet frame signs the user operation under this
 * one approval, so no sign request of the embedded wallet comes between them.
 */
async function approve(dialog: Locator) {
  await dialog.getByRole('button', { name: 'Approve' }).click()
  const signRequest = dialog.getByRole('button', { name: 'Sign and continue' })
  const complete = dialog.getByRole('heading', { name: 'Transaction complete' })
  await expect(signRequest.or(complete)).toBeVisible({ timeout: 60_000 })
  await expect(signRequest).toHaveCount(0)
  await expect(complete).toBeVisible()
}

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
      await page.getByRole('button', { name: 'Send with the smart wallet' }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('heading', { name: 'Review transaction' })).toBeVisible()
      await expect(row(dialog, 'Estimated fee')).toHaveText('Sponsored')
      await expect(row(dialog, 'Amount')).toHaveText(/^<0\.000001 ETH/)
      await expect(dialog.getByText(`${address.slice(0, 6)}…${address.slice(-4)}`)).toBeVisible()
      await dialog.screenshot({ path: test.info().outputPath(`smart-wallet-review-sponsored-${type}-light-desktop.png`) })
      await approve(dialog)
      await expect(row(dialog, 'Fee paid')).toHaveText('Sponsored')
      await dialog.screenshot({ path: test.info().outputPath(`smart-wallet-receipt-sponsored-${type}-light-desktop.png`) })
      await dialog.getByRole('button', { name: 'Done' }).click()
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
      const entryPoint = type === 'thirdweb' ? chain!.entryPoint06 : chain!.entryPoint
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

    test(`a batched transfer of a ${type} account is reviewed item by item and goes in one sponsored user operation under one approval (dark, phone)`, async ({ page, request }) => {
      await page.setViewportSize({ width: 390, height: 844 })
      const url = await smartWalletApp(page, request, {}, type)
      const address = await newUserWithSmartWallet(page, request, `${url}&theme=dark`, type)
      await fund(address, 5000n)
      const received = await Promise.all([recipients[1]!, recipients[2]!].map((r) => client().getBalance({ address: r })))
      await page.getByRole('button', { name: 'Send a batch' }).click()
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByText('Transaction 1 of 2')).toBeVisible()
      await expect(row(dialog, 'Estimated fee')).toHaveText('Sponsored')
      await dialog.screenshot({ path: test.info().outputPath(`smart-wallet-review-sponsored-${type}-dark-phone.png`) })
      await dialog.getByRole('button', { name: 'Continue' }).click()
      await expect(dialog.getByText('Transaction 2 of 2')).toBeVisible()
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
      const asked = paymaster!.requests.filter((r) => (r.params[0] as { sender?: string } | undefined)?.sender === address)
      expect(asked.map((r) => r.method)).toEqual(['pm_getPaymasterStubData'])
      expect(asked[0]!.params[3]).toEqual({ mode: 'SPONSORED', expiryDuration: 300, calculateGasLimits: true, sponsorshipPolicyId: REFUSED_POLICY_ID })
    })
  }
})
