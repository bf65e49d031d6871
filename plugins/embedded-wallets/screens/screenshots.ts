/**
 * Renders the embedded-wallet screens in headless Chromium at phone and desktop sizes, light and
 * dark, and saves PNGs under `.tmp/screens/` to look at. Run `npm run css` first.
 *
 * Run: `npx tsx plugins/embedded-wallets/screens/screenshots.ts [filter]`
 * @internal
 * @module
 */
import type { Page } from 'playwright-core'
import type { ScreenShot } from '../../../ui/dev/shoot'
import { shootScreens } from '../../../ui/dev/shoot'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const PASSWORD = 'Correct-Horse-42'
const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`
const creating = { chains: ['ethereum'], initiator: 'automatic', isNewUser: true }
const passwordWallet = JSON.stringify([{ address: ADDRESS, chainType: 'ethereum', walletIndex: 0, imported: false, recoveryMethod: 'user-passcode' }])
const allOptions = JSON.stringify({ userOwnedRecoveryOptions: ['user-passcode', 'google-drive', 'icloud'] })

/** Types into the wizard and goes on to the step after `steps` Continues. */
const wizard = (steps: number, then?: (p: Page) => Promise<void>) => async (p: Page) => {
  await p.getByLabel('Password', { exact: true }).fill(PASSWORD)
  if (steps >= 1) await p.getByRole('button', { name: 'Continue' }).click()
  if (steps >= 2) await p.getByRole('button', { name: 'Continue' }).click()
  if (steps >= 3) {
    await p.getByLabel('Confirm password').fill(PASSWORD)
    await p.getByRole('button', { name: 'Continue' }).click()
  }
  await then?.(p)
}

const typedData = {
  types: { EIP712Domain: [], Permit: [] },
  primaryType: 'Permit',
  domain: { name: 'USD Coin', version: '2', chainId: 8453, verifyingContract: '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' },
  message: {
    owner: ADDRESS,
    spender: '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD',
    value: '1000000000',
    nonce: 0,
    deadline: 1767225600,
    details: { note: 'Allowance for the swap', tags: ['swap', 'usdc'] },
  },
}

/** A Permit2 batch: nested groups and arrays, longer than any modal. */
const permitBatch = {
  types: { EIP712Domain: [], PermitBatch: [] },
  primaryType: 'PermitBatch',
  domain: { name: 'Permit2', chainId: 1, verifyingContract: '0x000000000022D473030F116dDEE9F6B43aC78BA3' },
  message: {
    details: [
      { token: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', amount: '1461501637330902918203684832716283019655932542975', expiration: 1767225600, nonce: 0 },
      { token: '0xdAC17F958D2ee523a2206206994597C13D831ec7', amount: '250000000', expiration: 1767225600, nonce: 1 },
    ],
    spender: '0x3fC91A3afd70395Cd496C647d5a6CC9D4B2b7FAD',
    sigDeadline: 1767225600,
  },
}

const shots: ScreenShot[] = [
  { name: 'ew-creating', screen: 'embedded-wallets/create', params: creating, query: { hold: 'create' } },
  {
    name: 'ew-creating-user-slow',
    screen: 'embedded-wallets/create',
    params: { ...creating, initiator: 'user' },
    query: { hold: 'create' },
    act: (p) => p.getByText('Still working. This can take a few seconds…').waitFor({ timeout: 10_000 }),
  },
  { name: 'ew-create-failed', screen: 'embedded-wallets/create', params: creating, query: { fail: 'create:frame_timeout' } },
  { name: 'ew-created-new', screen: 'embedded-wallets/created', params: { isNewUser: true } },
  { name: 'ew-created', screen: 'embedded-wallets/created', params: { isNewUser: false } },
  { name: 'ew-recovery-select', screen: 'embedded-wallets/recovery-select', params: { update: true }, query: { settings: allOptions } },
  {
    // The focus ring of a tile, reached from the keyboard (past the close button).
    name: 'ew-recovery-select-focus',
    screen: 'embedded-wallets/recovery-select',
    params: { update: true },
    query: { settings: allOptions },
    act: async (p) => {
      await p.keyboard.press('Tab')
      await p.keyboard.press('Tab')
    },
  },
  { name: 'ew-automatic-recovery', screen: 'embedded-wallets/automatic-recovery', params: { update: true } },
  { name: 'ew-why-secure', screen: 'embedded-wallets/why-secure', params: { update: true }, query: { settings: allOptions } },
  { name: 'ew-password-enter', screen: 'embedded-wallets/password-create', params: creating, act: wizard(0) },
  {
    name: 'ew-password-invalid',
    screen: 'embedded-wallets/password-create',
    params: creating,
    act: (p) => p.getByLabel('Password', { exact: true }).fill('my pass~word'),
  },
  { name: 'ew-password-save', screen: 'embedded-wallets/password-create', params: creating, act: wizard(1) },
  {
    name: 'ew-password-mismatch',
    screen: 'embedded-wallets/password-create',
    params: creating,
    act: wizard(2, async (p) => {
      await p.getByLabel('Confirm password').fill('Correct-Horse')
      await p.getByRole('button', { name: 'Continue' }).click()
    }),
  },
  { name: 'ew-password-final', screen: 'embedded-wallets/password-create', params: creating, act: wizard(3, (p) => p.getByRole('checkbox').check()) },
  {
    name: 'ew-password-failed',
    screen: 'embedded-wallets/password-create',
    params: { update: true },
    query: { wallets: passwordWallet, fail: 'setRecovery:frame_timeout' },
    act: wizard(3, async (p) => {
      await p.getByRole('checkbox').check()
      await p.getByRole('button', { name: 'Set password' }).click()
    }),
  },
  {
    name: 'ew-password-done',
    screen: 'embedded-wallets/password-create',
    params: { update: true },
    query: { wallets: passwordWallet },
    act: wizard(3, async (p) => {
      await p.getByRole('checkbox').check()
      await p.getByRole('button', { name: 'Set password' }).click()
    }),
  },
  { name: 'ew-password-splash', screen: 'embedded-wallets/password-update-splash' },
  {
    name: 'ew-password-recovery',
    screen: 'embedded-wallets/password-recovery',
    query: { fail: 'recover:invalid_recovery_pin' },
    act: async (p) => {
      await p.getByLabel('Password', { exact: true }).fill('not-my-password')
      await p.getByRole('button', { name: 'Recover your account' }).click()
    },
  },
  { name: 'ew-cloud-backup', screen: 'embedded-wallets/cloud-recovery', params: { update: true, provider: 'google-drive', mode: 'backup' } },
  { name: 'ew-cloud-recover', screen: 'embedded-wallets/cloud-recovery', params: { provider: 'icloud', mode: 'recover' } },
  {
    name: 'ew-cloud-waiting',
    screen: 'embedded-wallets/cloud-recovery',
    params: { provider: 'google-drive', mode: 'recover' },
    query: { hold: 'cloudSignIn' },
    act: (p) => p.getByRole('button', { name: 'Continue with Google Drive' }).click(),
  },
  {
    name: 'ew-cloud-denied',
    screen: 'embedded-wallets/cloud-recovery',
    params: { provider: 'google-drive', mode: 'recover' },
    query: { fail: 'cloudSignIn:user_denied' },
    act: async (p) => {
      await p.getByRole('button', { name: 'Continue with Google Drive' }).click()
      await p.getByText('User denied').waitFor()
    },
  },
  { name: 'ew-sign', screen: 'embedded-wallets/sign', params: { method: 'personal_sign', message: hex('Sign in to Acme\n\nNonce: 8f3a2c\nIssued at: 2025-06-01T10:00:00Z'), address: ADDRESS } },
  { name: 'ew-sign-hex', screen: 'embedded-wallets/sign', params: { method: 'personal_sign', message: `0x${'deadbeef00'.repeat(12)}`, address: ADDRESS } },
  { name: 'ew-sign-typed', screen: 'embedded-wallets/sign', params: { method: 'eth_signTypedData_v4', typedData, address: ADDRESS } },
  { name: 'ew-sign-typed-batch', screen: 'embedded-wallets/sign', params: { method: 'eth_signTypedData_v4', typedData: permitBatch, address: ADDRESS } },
  {
    // Scrolled to its end from the keyboard: Tab past the close button to the region, then End.
    name: 'ew-sign-typed-batch-end',
    screen: 'embedded-wallets/sign',
    params: { method: 'eth_signTypedData_v4', typedData: permitBatch, address: ADDRESS },
    act: async (p) => {
      await p.keyboard.press('Tab')
      await p.keyboard.press('Tab')
      const focused = await p.getByRole('region', { name: 'Request details' }).evaluate((el) => el === document.activeElement)
      if (!focused) throw new Error('the second Tab does not reach the scroll region')
      await p.keyboard.press('End')
    },
  },
  {
    name: 'ew-sign-solana-long',
    screen: 'embedded-wallets/sign',
    params: {
      method: 'solana_signMessage',
      message: Array.from({ length: 30 }, (_, i) => `Line ${i + 1}: acme.example wants you to sign in with your Solana account.`).join('\n'),
      address: '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV',
      title: 'Sign in to Acme',
      buttonText: 'Sign in',
    },
  },
]

await shootScreens({
  entry: 'plugins/embedded-wallets/screens/screenshots-entry.tsx',
  app: {},
  shots,
  filter: process.argv[2],
  // A small phone (the sign request's buttons must stay in view there) and a desktop.
  viewports: [
    { width: 375, height: 667 },
    { width: 1280, height: 800 },
  ],
})
