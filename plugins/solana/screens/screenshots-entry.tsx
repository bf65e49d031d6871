/**
 * Browser entry of the solana screens' screenshot page.
 * @internal
 * @module
 */
import { mountScreenshotPage } from '../../../ui/dev/shoot-entry'
import { solana } from '../index'

mountScreenshotPage([solana()], 'solana/install-phantom')
