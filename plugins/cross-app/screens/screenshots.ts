/**
 * Renders 'Connecting to {app}' (waiting, failed, canceled) and the consent screen (plain and read-only)
 * in headless Chromium at phone and desktop sizes, light and dark, into `.tmp/screens/`. Run `npm run css` first.
 *
 * Run: `npx tsx plugins/cross-app/screens/screenshots.ts`
 * @internal
 * @module
 */
import { shootScreens } from '../../../ui/dev/shoot'
import { moreExamples, screenExamples } from './examples'

await shootScreens({
  entry: 'plugins/cross-app/screens/screenshots-entry.tsx',
  app: {},
  shots: [
    { name: 'cross-app-connecting', screen: 'cross-app/connecting', params: screenExamples.connecting },
    ...Object.entries(moreExamples).map(([name, params]) => ({ name: `cross-app-${name}`, screen: 'cross-app/connecting', params })),
    { name: 'cross-app-consent-read-only', screen: 'cross-app/consent', params: screenExamples.consent },
    { name: 'cross-app-consent', screen: 'cross-app/consent', params: { ...screenExamples.consent, readOnly: false } },
  ],
})
