import { test, expect } from '@playwright/test'
import { createTestApp } from './helpers'

/**
 * The custom-token login in Chromium: the demo page plays a host app with its own sign-in
 * (examples/demo/host-auth.ts); Portico follows the host's session through the custom-auth plugin.
 */
test.describe('custom-token login', () => {
  test('signing in to the host signs Portico in; signing out of the host signs Portico out', async ({ page, request }) => {
    await page.goto('/')
    // The API server fetches the host's keys from the demo server, on the loopback address it binds.
    const demo = new URL(page.url())
    const jwksUrl = `http://127.0.0.1:${demo.port}/host-auth/jwks.json`
    const appId = await createTestApp(page, request, {
      loginMethods: ['custom_jwt_auth'],
      customAuth: { jwksUrl, issuer: 'portico-demo-host', audience: 'portico-demo' },
    })
    await page.evaluate(() => localStorage.clear())
    await page.goto(`/?app=${appId}`)
    await expect(page.getByText('You are signed out.')).toBeVisible()
    const host = page.getByTestId('host-session')
    await expect(host.getByTestId('custom-auth-status')).toHaveText('synced')

    const user = `host-${Date.now()}`
    await host.getByLabel('Demo host user').fill(user)
    await host.getByRole('button', { name: 'Sign in to the host' }).click()

    await expect(page.getByTestId('signed-in')).toBeVisible()
    await expect(page.getByTestId('user-id')).toHaveText(/^did:privy:[a-z0-9]{25}$/)
    await expect(host.getByTestId('custom-user-id')).toHaveText(user)
    // Headless: no modal was opened for it.
    await expect(page.getByRole('dialog')).toHaveCount(0)
    const porticoUser = await page.getByTestId('user-id').textContent()

    // A reload keeps the same Portico user (restored session, host still signed in).
    await page.reload()
    await expect(page.getByTestId('user-id')).toHaveText(porticoUser!)
    await expect(host.getByTestId('custom-user-id')).toHaveText(user)

    await host.getByRole('button', { name: 'Sign out of the host' }).click()
    await expect(page.getByText('You are signed out.')).toBeVisible()
    await expect(host.getByTestId('custom-user-id')).toHaveText('—')

    // Signing in again as the same host user finds the same Portico user.
    await host.getByLabel('Demo host user').fill(user)
    await host.getByRole('button', { name: 'Sign in to the host' }).click()
    await expect(page.getByTestId('user-id')).toHaveText(porticoUser!)
  })
})
