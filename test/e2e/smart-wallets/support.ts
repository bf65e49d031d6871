/**
 * What the smart wallets' browser specs share: the ERC-4337 chain, the ERC-7677 paymaster service and
 * the host page (`page.tsx`), started once per spec file; an app with smart wallets of a type; a new
 * user's smart wallet linked through the page; a message signed through the sign request; the review's
 * approval. Each spec file makes its own {@link smartWalletsHarness} and closes it in `afterAll`.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { createPublicClient, http, toHex, type Address, type Hex, type PublicClient } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startHostPage, type HostPage } from '../../support/host-page'
import { rpc } from '../../fixtures/anvil'
import { startErc4337Chain, type Erc4337Chain } from '../../fixtures/erc4337'
import { startPaymasterService, type PaymasterService } from '../../fixtures/paymaster-service'
import type { SmartWalletType } from '../../../plugins/smart-wallets/config'
import { ADMIN_KEY, apiUrlOf, signIn } from '../helpers'

/** The chain's CAIP-2 id. */
export const CHAIN = 'eip155:31337'
/** The text the page's 'Sign a message' button signs. */
export const MESSAGE = 'Hello from Harbor'
/** The EntryPoint's `UserOperationEvent` topic (the same in v0.6 and v0.7). */
export const USER_OPERATION_EVENT = '0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f'

/** The value cell of a review or receipt row by its label. */
export const row = (dialog: Locator, label: string): Locator =>
  dialog.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

/** The running services of a spec file, and what the tests do with them. */
export interface SmartWalletsHarness {
  /** The page's three recipients (the transfer's, then the batch's two). */
  recipients: Address[]
  /** The chain (started by the first {@link SmartWalletsHarness.app}). */
  chain(): Erc4337Chain
  /** The paymaster service (started by the first {@link SmartWalletsHarness.app}). */
  paymaster(): PaymasterService
  /** A client of the chain. */
  client(): PublicClient
  /** Gives an account the wei it sends (not its gas: the paymaster pays that). */
  fund(address: Address, wei: bigint): Promise<void>
  /**
   * Starts what the tests share (once), creates an app with smart wallets of a type sponsored under a
   * paymaster context (paid by the account when it is null), and answers the host page's URL for it.
   */
  app(page: Page, request: APIRequestContext, paymasterContext: Record<string, unknown> | null, type: SmartWalletType): Promise<string>
  /** Stops the host page, the paymaster service and the chain. */
  close(): Promise<void>
}

/**
 * Makes a spec file's harness; nothing starts before its first `app()`.
 * @returns the harness.
 * @example
 * ```ts
 * const harness = smartWalletsHarness()
 * test.afterAll(() => harness.close())
 * ```
 */
export function smartWalletsHarness(): SmartWalletsHarness {
  let chain: Erc4337Chain | null = null
  let paymaster: PaymasterService | null = null
  let host: HostPage | null = null
  const recipients: Address[] = [0, 1, 2].map(() => privateKeyToAccount(generatePrivateKey()).address)
  const started = <T>(value: T | null, name: string): T => {
    if (!value) throw new Error(`the ${name} is not started: call app() first`)
    return value
  }
  return {
    recipients,
    chain: () => started(chain, 'chain'),
    paymaster: () => started(paymaster, 'paymaster service'),
    client: () => createPublicClient({ transport: http(started(chain, 'chain').anvil.url) }),
    async fund(address, wei) {
      await rpc(started(chain, 'chain').anvil.url, 'anvil_setBalance', [address, toHex(wei)])
    },
    async app(page, request, paymasterContext, type) {
      await page.goto('/')
      const apiUrl = await apiUrlOf(page)
      chain ??= await startErc4337Chain()
      const c = chain
      paymaster ??= await startPaymasterService({
        rpcUrl: c.anvil.url,
        chainId: c.anvil.chainId,
        entryPoint: c.entryPoint,
        paymaster: c.paymaster,
        v06: { entryPoint: c.entryPoint06, paymaster: c.paymaster06 },
      })
      host ??= await startHostPage({
        entry: 'test/e2e/smart-wallets/page.tsx',
        title: 'Smart wallets',
        metas: {
          'portico-api-url': apiUrl,
          'portico-anvil-url': c.anvil.url,
          'smart-wallet-contracts': JSON.stringify({
            entryPoint: c.entryPoint,
            safe: c.safe,
            entryPoint06: c.entryPoint06,
            thirdweb: { factoryAddress: c.thirdwebFactory },
            biconomy: c.biconomy,
          }),
          recipients: recipients.join(','),
        },
        params: { 'portico-app-id': 'app' },
      })
      const res = await request.post(`${apiUrl}/admin/v1/apps`, {
        headers: { authorization: `Bearer ${ADMIN_KEY}` },
        data: {
          name: 'Harbor',
          allowed_origins: [host.origin],
          settings: {
            loginMethods: ['email_auth'],
            chainRpcUrls: { [CHAIN]: c.anvil.url },
            smartWallets: {
              enabled: true,
              smartWalletType: type,
              configuredNetworks: [
                { chainId: CHAIN, bundlerUrl: c.bundlerUrl, rpcUrl: c.anvil.url, chainName: 'Anvil', ...(paymasterContext ? { paymasterUrl: paymaster.url, paymasterContext } : {}) },
              ],
            },
          },
        },
      })
      expect(res.status(), await res.text()).toBe(200)
      return `${host.origin}/?app=${((await res.json()) as { id: string }).id}`
    },
    async close() {
      await host?.close()
      await paymaster?.close()
      await chain?.close()
      host = paymaster = chain = null
    },
  }
}

/**
 * Signs a new user in (the embedded wallet is created on login) and gets their smart wallet, signing
 * its link; checks the page shows it linked with its type.
 * @returns the smart account's address.
 */
export async function newUserWithSmartWallet(page: Page, request: APIRequestContext, url: string, type: SmartWalletType): Promise<Address> {
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

/**
 * Signs {@link MESSAGE} with the smart account through the sign request.
 * @returns the signature.
 */
export async function signMessage(page: Page): Promise<Hex> {
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
export async function approve(dialog: Locator): Promise<void> {
  await dialog.getByRole('button', { name: 'Approve' }).click()
  const signRequest = dialog.getByRole('button', { name: 'Sign and continue' })
  const complete = dialog.getByRole('heading', { name: 'Transaction complete' })
  await expect(signRequest.or(complete)).toBeVisible({ timeout: 60_000 })
  await expect(signRequest).toHaveCount(0)
  await expect(complete).toBeVisible()
}

/**
 * Sends the page's sponsored transfer (1000 wei) through the review and the receipt, both showing the
 * fee as 'Sponsored' and the review naming the amount and the smart account; screenshots of both
 * (`smart-wallet-review-sponsored-<name>-light-desktop.png`, and `-receipt-`), then 'Done'.
 * @param address - the smart account, which the review shows as the wallet.
 * @param name - the screenshots' account name (its type).
 */
export async function sendSponsoredTransfer(page: Page, address: Address, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Send with the smart wallet' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Review transaction' })).toBeVisible()
  await expect(row(dialog, 'Estimated fee')).toHaveText('Sponsored')
  await expect(row(dialog, 'Amount')).toHaveText(/^<0\.000001 ETH/)
  await expect(dialog.getByText(`${address.slice(0, 6)}…${address.slice(-4)}`)).toBeVisible()
  await dialog.screenshot({ path: test.info().outputPath(`smart-wallet-review-sponsored-${name}-light-desktop.png`) })
  await approve(dialog)
  await expect(row(dialog, 'Fee paid')).toHaveText('Sponsored')
  await dialog.screenshot({ path: test.info().outputPath(`smart-wallet-receipt-sponsored-${name}-light-desktop.png`) })
  await dialog.getByRole('button', { name: 'Done' }).click()
}

/**
 * Walks the review of the page's sponsored batch (two transfers): the first item shows no fee of its
 * own; the second, the one Approve sends, shows the operation's one fee ('Sponsored') and its total.
 * Leaves the review on the second item, with a screenshot of it under the name given.
 */
export async function expectBatchReview(dialog: Locator, shot: string): Promise<void> {
  await expect(dialog.getByText('Transaction 1 of 2')).toBeVisible()
  await expect(row(dialog, 'Amount')).toHaveText(/^<0\.000001 ETH/)
  await expect(dialog.locator('dt', { hasText: /^Estimated fee$/ })).toHaveCount(0)
  await expect(dialog.locator('dt', { hasText: /^Total$/ })).toHaveCount(0)
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByText('Transaction 2 of 2')).toBeVisible()
  await expect(dialog.locator('dt', { hasText: /^Estimated fee$/ })).toHaveCount(1)
  await expect(row(dialog, 'Estimated fee')).toHaveText('Sponsored')
  await expect(row(dialog, 'Total')).toHaveText(/^<0\.000001 ETH/)
  await dialog.screenshot({ path: test.info().outputPath(`${shot}.png`) })
}
