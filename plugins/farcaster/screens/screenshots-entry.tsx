/**
 * Page entry for the Farcaster screenshots (see `./screenshots.ts`).
 * @module
 */
import { mountScreenshotPage } from '../../../ui/dev/shoot-entry'
import { farcaster } from '../index'

mountScreenshotPage([farcaster()], 'farcaster/connect')
