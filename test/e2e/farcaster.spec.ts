/**
 * Farcaster login in a real browser against `npm start`'s server, the relay stand-in and anvil with
 * the ID registry stand-in: the test plays the user's Farcaster app (a viem account that is the
 * fid's custody address signs the SIWF message and posts it to the relay).
 */
import { test, expect, type APIRequestContext, type Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createTestApp, openApp } from './helpers'
import { installIdRegistry, registerFid } from '../fixtures/farcaster/id-registry'
import { signInAsWalletApp } from '../fixtures/farcaster/relay'

const API_PORT = Number(process.env.E2E_API_PORT ?? 8810)
const ANVIL_URL = `http://127.0.0.1:${Number(process.env.E2E_ANVIL_PORT ?? API_PORT + 2000)}`
const FARCASTER_URL = `http://127.0.0.1:${Number(process.env.E2E_FARCASTER_PORT ?? API_PORT + 4500)}`

test('default: scanning the connect URI and signing in the Farcaster app signs the user in', async ({ page, request }) => {
  await installIdRegistry(ANVIL_URL)
  const custody = privateKeyToAccount(generatePrivateKey())
  const fid = 100_000 + Math.floor(Math.random() * 1_000_000)
  await registerFid(ANVIL_URL, fid, custody.address)

  const appId = await createTestApp(page, request, { loginMethods: ['farcaster_auth', 'email_auth'] })
  await openApp(page, appId)
  await page.getByRole('button', { name: 'Farcaster' }).click()
  const qr = page.getByRole('img', { name: 'QR code to sign in with Farcaster' })
  await expect(qr).toBeVisible()
  await expect(page.getByRole('link', { name: 'Open in Warpcast' })).toBeVisible()
  const connectUri = await qr.getAttribute('data-value')
  expect(connectUri).toContain('channelToken=')
  expect(new URL(connectUri!).searchParams.get('domain')).toBe(new URL(page.url()).host)

  await signInAsWalletApp(FARCASTER_URL, connectUri!, custody, fid, { username: 'e2e-user', displayName: 'E2E' })
  await expect(page.getByRole('dialog')).toBeHidden({ timeout: 30_000 })
  await expect(page.getByTestId('signed-in')).toBeVisible()
})

/** Signs a fresh Farcaster user in through the modal; returns the fid. */
async function signInWithFarcaster(page: Page, request: APIRequestContext, settings: Record<string, unknown> = {}): Promise<number> {
  await installIdRegistry(ANVIL_URL)
  const custody = privateKeyToAccount(generatePrivateKey())
  const fid = 100_000 + Math.floor(Math.random() * 1_000_000)
  await registerFid(ANVIL_URL, fid, custody.address)
  const appId = await createTestApp(page, request, { loginMethods: ['farcaster_auth', 'email_auth'], ...settings })
  await openApp(page, appId)
  await page.getByRole('button', { name: 'Farcaster' }).click()
  const connectUri = await page.getByRole('img', { name: 'QR code to sign in with Farcaster' }).getAttribute('data-value')
  await signInAsWalletApp(FARCASTER_URL, connectUri!, custody, fid, { username: 'e2e-signer' })
  await expect(page.getByTestId('signed-in')).toBeVisible({ timeout: 30_000 })
  return fid
}

/** Opens the signer screen from the demo and returns the signed key request's token from its QR code. */
async function requestSigner(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Request Farcaster signer' }).click()
  const qr = page.getByRole('img', { name: 'QR code to approve the Farcaster signer' })
  await expect(qr).toBeVisible()
  const approvalUrl = await qr.getAttribute('data-value')
  return new URL(approvalUrl!).searchParams.get('token')!
}

/** The user's answer in their Farcaster app, through the stand-in's test-only route. */
async function answer(request: APIRequestContext, action: 'approve' | 'revoke', token: string, fid?: number) {
  const res = await request.post(`${FARCASTER_URL}/test/signed-key-request/${action}`, { data: { token, fid } })
  expect(res.ok()).toBe(true)
}

test('behavior: an approved signer request finishes the screen and the account carries signer_public_key', async ({ page, request }) => {
  const fid = await signInWithFarcaster(page, request, { farcasterSigner: { appFid: 9, custodyPrivateKey: generatePrivateKey() } })
  await expect(page.getByTestId('farcaster-signer')).toHaveText('—')
  const token = await requestSigner(page)
  await answer(request, 'approve', token, fid)
  await expect(page.getByRole('heading', { name: 'Signer approved' })).toBeVisible({ timeout: 30_000 })
  // The Ed25519 key the page made with WebCrypto is now the account's signer: the demo reads it from
  // the user the server answered the session refresh with.
  await expect(page.getByTestId('farcaster-signer')).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 30_000 })
})

test('behavior: a revoked signer request shows Request rejected', async ({ page, request }) => {
  await signInWithFarcaster(page, request, { farcasterSigner: { appFid: 9, custodyPrivateKey: generatePrivateKey() } })
  const token = await requestSigner(page)
  await answer(request, 'revoke', token)
  await expect(page.getByRole('heading', { name: 'Request rejected' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('dialog').getByText('The request was rejected. Please try again.')).toBeVisible()
  // requestFarcasterSigner rejected with the same text, and no signer was stored.
  await expect(page.getByTestId('farcaster-signer-error')).toHaveText('The request was rejected. Please try again.')
  await expect(page.getByTestId('farcaster-signer')).toHaveText('—')
})
