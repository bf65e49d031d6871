/**
 * Renders the Phantom interstitial (both states) and install screens in headless Chromium at phone
 * and desktop sizes, light and dark, into `.tmp/screens/`. Run `npm run css` first.
 *
 * Run: `npx tsx plugins/solana/screens/screenshots.ts`
 * @internal
 * @module
 */
import { shootScreens } from '../../../ui/dev/shoot'

await shootScreens({
  entry: 'plugins/solana/screens/screenshots-entry.tsx',
  app: { solana_wallet_auth: true },
  shots: [
    { name: 'phantom-interstitial', screen: 'solana/phantom' },
    { name: 'phantom-still-here', screen: 'solana/phantom', params: { stillHere: true } },
    { name: 'install-phantom', screen: 'solana/install-phantom' },
  ],
})
