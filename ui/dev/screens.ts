/**
 * Renders every modal screen in headless Chromium at phone and desktop sizes, light and dark, and
 * saves PNGs under `.tmp/screens/` to look at, through `shootScreens` (run `npm run css` first),
 * with a scripted code check and the app's logo.
 *
 * Run: `npx tsx ui/dev/screens.ts [filter]`
 * @internal
 * @module
 */
import { shootScreens, type ScreenShot } from './shoot'
import { authenticated } from '../../test/support/ui-harness-data'

const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect x="0" y="4" width="32" height="32" rx="9" fill="#4f46e5"/><path d="M10 26l6-12 6 12" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/><text x="42" y="28" font-family="system-ui,sans-serif" font-size="22" font-weight="700" fill="#4f46e5">acme</text></svg>`

const shots: ScreenShot[] = [
  { name: 'landing', screen: 'portico/landing' },
  {
    name: 'landing-focus',
    screen: 'portico/landing',
    act: async (p) => {
      await p.keyboard.press('Tab')
      await p.getByLabel('Email address').fill('ada@')
      await p.getByLabel('Email address').focus()
    },
  },
  {
    name: 'landing-invalid',
    screen: 'portico/landing',
    act: async (p) => {
      await p.getByLabel('Email address').fill('ada@example')
      await p.keyboard.press('Enter')
    },
  },
  { name: 'email-entry', screen: 'email/entry' },
  { name: 'email-code', screen: 'email/code', params: { email: 'ada.lovelace@example.com' } },
  {
    name: 'email-code-error',
    screen: 'email/code',
    params: { email: 'ada.lovelace@example.com' },
    act: async (p) => {
      await p.locator('input[data-index="0"]').focus()
      await p.keyboard.type('000000')
      await p.getByText('Invalid or expired verification code').waitFor()
    },
  },
  { name: 'sms-entry', screen: 'sms/entry' },
  { name: 'sms-entry-error', screen: 'sms/entry', params: { error: 'Invalid phone number' } },
  { name: 'terms', screen: 'portico/terms' },
  { name: 'error', screen: 'portico/error', params: { code: 'x' } },
  { name: 'allowlist', screen: 'portico/allowlist' },
  { name: 'user-limit', screen: 'portico/user-limit' },
  { name: 'account-not-found', screen: 'portico/account-not-found' },
]

await shootScreens({
  entry: 'ui/dev/screens-entry.tsx',
  app: (origin) => ({
    logo_url: `${origin}/logo.svg`,
    terms_and_conditions_url: 'https://acme.test/terms',
    privacy_policy_url: 'https://acme.test/privacy',
  }),
  shots,
  routes: {
    '/logo.svg': () => ({ type: 'image/svg+xml', body: logo }),
    // '000000' is the wrong code of the code-error shot; any other code signs in.
    '/api/v1/passwordless/authenticate': (body) =>
      (JSON.parse(body || '{}') as { code?: string }).code === '000000'
        ? { status: 401, body: JSON.stringify({ error: 'Invalid code', code: 'invalid_credentials' }) }
        : { body: JSON.stringify(authenticated()) },
  },
  filter: process.argv[2],
})
