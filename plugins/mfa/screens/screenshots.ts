/**
 * Renders the MFA screens (the core's and the methods') in headless Chromium at phone and desktop
 * sizes, light and dark, into `.tmp/screens/`. Run `npm run css` first.
 *
 * Run: `npx tsx plugins/mfa/screens/screenshots.ts [filter]`
 * @internal
 * @module
 */
import type { Page } from 'playwright-core'
import { shootScreens, type ScreenShot } from '../../../ui/dev/shoot'

const typeCode = (code: string) => async (p: Page) => {
  await p.locator('input[data-index="0"]').focus()
  await p.keyboard.type(code)
}
const json = (value: unknown) => () => ({ body: JSON.stringify(value) })
const refused = () => ({ status: 400, body: JSON.stringify({ error: 'Invalid code', code: 'missing_or_invalid_mfa' }) })

const shots: ScreenShot[] = [
  { name: 'mfa-intro', screen: 'mfa/enroll' },
  { name: 'mfa-choose', screen: 'mfa/enroll', params: { skipIntro: true }, query: { enrolled: 'sms' } },
  { name: 'mfa-verify-choose', screen: 'mfa/verify', query: { enrolled: 'sms,totp,passkey' } },
  { name: 'mfa-verify-code', screen: 'mfa/verify', query: { enrolled: 'totp' } },
  { name: 'mfa-verify-wrong', screen: 'mfa/verify', query: { enrolled: 'totp' }, act: async (p) => {
    await typeCode('000000')(p)
    await p.getByText('The code you entered is not valid').waitFor()
  } },
  { name: 'mfa-verify-letters', screen: 'mfa/verify', query: { enrolled: 'totp' }, act: async (p) => {
    await p.locator('input[data-index="0"]').focus()
    await p.keyboard.type('a')
    await p.getByText('Passcode can only be numbers').waitFor()
  } },
  { name: 'mfa-verify-locked', screen: 'mfa/verify', query: { enrolled: 'totp' }, act: async (p) => {
    for (let i = 0; i < 4; i++) {
      await typeCode('000000')(p)
      if (i < 3) await p.getByText(/attempts? left/).waitFor()
    }
    await p.getByText(/exceeded the maximum number of attempts/).waitFor()
  } },
  { name: 'mfa-verify-passkey', screen: 'mfa/verify', query: { enrolled: 'passkey' } },
  { name: 'mfa-remove', screen: 'mfa/remove', params: { method: 'totp' }, query: { enrolled: 'totp' } },
  { name: 'mfa-totp-enroll', screen: 'mfa-totp/enroll', act: (p) => p.getByText('JBSW Y3DP EHPK 3PXP').waitFor() },
  { name: 'mfa-sms-enroll', screen: 'mfa-sms/enroll', act: (p) => p.getByText('Add your phone number').waitFor() },
  { name: 'mfa-sms-enroll-invalid', screen: 'mfa-sms/enroll', act: async (p) => {
    await p.locator('input[name=phone]').fill('12')
    await p.getByRole('button', { name: 'Send code' }).click()
    await p.getByText('Invalid phone number').waitFor()
  } },
  { name: 'mfa-sms-enroll-code', screen: 'mfa-sms/enroll', act: async (p) => {
    await p.locator('input[name=phone]').fill('4155550123')
    await p.getByRole('button', { name: 'Send code' }).click()
    await p.getByText(/We texted a 6-digit code/).waitFor()
  } },
  { name: 'mfa-passkey-intro', screen: 'mfa-passkey/enroll', query: { passkeys: '3' } },
  { name: 'mfa-passkey-list', screen: 'mfa-passkey/enroll', query: { passkeys: '3' }, act: (p) => p.getByRole('button', { name: 'Continue' }).click() },
  { name: 'mfa-passkey-none', screen: 'mfa-passkey/enroll', act: (p) => p.getByRole('button', { name: 'Continue' }).click() },
]

await shootScreens({
  entry: 'plugins/mfa/screens/screenshots-entry.tsx',
  app: {},
  shots,
  filter: process.argv[2],
  routes: {
    '/api/v1/mfa/totp/init': json({ totpSecret: 'JBSWY3DPEHPK3PXP', totpAuthUrl: 'otpauth://totp/Acme:ada%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Acme' }),
    '/api/v1/mfa/totp/verify': refused,
    '/api/v1/mfa/passwordless_sms/init': json({ success: true }),
  },
})
