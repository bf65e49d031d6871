/**
 * Renders the Telegram screen's states (waiting, verifying, success, failure, not allowed) in headless
 * Chromium at phone and desktop sizes, light and dark, into `.tmp/screens/`. Run `npm run css` first.
 *
 * Run: `npx tsx plugins/telegram/screens/screenshots.ts`
 * @internal
 * @module
 */
import { shootScreens } from '../../../ui/dev/shoot'
import { authExamples } from './examples'

await shootScreens({
  entry: 'plugins/telegram/screens/screenshots-entry.tsx',
  app: { telegram_auth: true },
  shots: Object.entries(authExamples).map(([name, params]) => ({ name: `telegram-${name}`, screen: 'telegram/auth', params })),
})
