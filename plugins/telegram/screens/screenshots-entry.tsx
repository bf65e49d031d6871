/**
 * Browser entry of the Telegram screen's screenshot page.
 * @internal
 * @module
 */
import { mountScreenshotPage } from '../../../ui/dev/shoot-entry'
import { telegram } from '../index'

mountScreenshotPage([telegram()], 'telegram/auth')
