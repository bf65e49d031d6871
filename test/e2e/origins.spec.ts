import { test, expect } from '@playwright/test'
import { ADMIN_KEY, apiUrlOf } from './helpers'

test('a page on an origin the app does not allow shows that the app could not be loaded, after bounded retries', async ({ page, request }) => {
  await page.goto('/')
  const api = await apiUrlOf(page)
  const res = await request.post(`${api}/admin/v1/apps`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: { name: 'Elsewhere', allowed_origins: ['https://elsewhere.example'], settings: { loginMethods: ['email_auth'] } },
  })
  expect(res.status(), await res.text()).toBe(200)
  const appId = ((await res.json()) as { id: string }).id

  // The server answers this origin without CORS headers, so the browser hides the answer: each try
  // of the app configuration is a failed request to the page.
  const failed: string[] = []
  page.on('requestfailed', (r) => {
    if (r.url() === `${api}/api/v1/apps/${appId}`) failed.push(r.failure()?.errorText ?? '')
  })
  await page.goto(`/?app=${appId}`)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('dialog').getByText('This app could not be loaded.')).toBeVisible()
  // The contract's four tries, then nothing more.
  await expect.poll(() => failed.length).toBe(4)
  await expect(page.getByRole('dialog').getByRole('textbox', { name: 'Email address' })).toHaveCount(0)
})
