/**
 * Renders the account screens (link conflict with and without an embedded wallet, the assets
 * screen's info and address views, the email and phone update screens) in headless Chromium at
 * phone and desktop sizes, light and dark, into `.tmp/screens/`. Run `npm run css` first.
 *
 * Run: `npx tsx ui/screens/transfer/screenshots.ts`
 * @internal
 * @module
 */
import { shootScreens } from '../../dev/shoot'

const WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'

await shootScreens({
  entry: 'ui/screens/transfer/screenshots-entry.tsx',
  app: { email_auth: true, sms_auth: true },
  shots: [
    { name: 'link-conflict-email', screen: 'portico/link-conflict', params: { method: 'email', handle: 'ada.lovelace@example.com' } },
    { name: 'link-conflict-phone', screen: 'portico/link-conflict', params: { method: 'sms', handle: '+1 415 555 0123' } },
    {
      name: 'link-conflict-wallet-embedded',
      screen: 'portico/link-conflict',
      params: { method: 'wallet', handle: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F', embeddedWalletAddress: WALLET },
    },
    { name: 'transfer-assets-info', screen: 'portico/transfer-assets', params: { method: 'email', handle: 'ada@example.com', embeddedWalletAddress: WALLET, view: 'info' } },
    { name: 'transfer-assets-address', screen: 'portico/transfer-assets', params: { method: 'email', handle: 'ada@example.com', embeddedWalletAddress: WALLET, view: 'address' } },
    { name: 'email-update', screen: 'email/update', params: { oldAddress: 'ada@example.com' } },
    { name: 'sms-update', screen: 'sms/update', params: { oldPhoneNumber: '+1 4155550123' } },
  ],
})
