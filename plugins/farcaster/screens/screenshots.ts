/**
 * Screenshots of the Farcaster screens (phone and desktop, light and dark) into `.tmp/screens/`:
 * `npx tsx plugins/farcaster/screens/screenshots.ts`.
 * @module
 */
import { shootScreens } from '../../../ui/dev/shoot'
import { screenExamples, stateExamples } from './examples'

await shootScreens({
  entry: 'plugins/farcaster/screens/screenshots-entry.tsx',
  app: { farcaster_auth: true },
  shots: [
    { name: 'farcaster-connect', screen: 'farcaster/connect', params: screenExamples.connect! },
    { name: 'farcaster-signer', screen: 'farcaster/signer', params: screenExamples.signer! },
    { name: 'farcaster-connect-timeout', screen: 'farcaster/connect', params: stateExamples['connect-timeout']! },
    { name: 'farcaster-signer-rejected', screen: 'farcaster/signer', params: stateExamples['signer-rejected']! },
  ],
})
