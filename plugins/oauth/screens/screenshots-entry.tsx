/**
 * Browser entry of the OAuth screens' screenshot page.
 * @internal
 * @module
 */
import { mountScreenshotPage } from '../../../ui/dev/shoot-entry'
import { oauth } from '../index'

mountScreenshotPage([oauth()], 'oauth/status')
