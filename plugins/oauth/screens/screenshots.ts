/**
 * Renders the OAuth status screens (verifying, success, denied, suspended, unknown provider) and the
 * in-app-browser screen in headless Chromium at phone and desktop sizes, light and dark, into
 * `.tmp/screens/`. Run `npm run css` first.
 *
 * Run: `npx tsx plugins/oauth/screens/screenshots.ts`
 * @internal
 * @module
 */
import { shootScreens } from '../../../ui/dev/shoot'
import { statusExamples } from './examples'

await shootScreens({
  entry: 'plugins/oauth/screens/screenshots-entry.tsx',
  app: { google_oauth: true },
  shots: [
    ...Object.entries(statusExamples).map(([name, params]) => ({ name: `oauth-${name}`, screen: 'oauth/status', params })),
    { name: 'oauth-in-app-browser', screen: 'oauth/in-app-browser', params: { provider: 'google' } },
  ],
})
