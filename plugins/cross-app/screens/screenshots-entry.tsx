/**
 * Browser entry of the cross-app screens' screenshot page.
 * @internal
 * @module
 */
import { mountScreenshotPage } from '../../../ui/dev/shoot-entry'
import { crossApp } from '../index'

mountScreenshotPage([crossApp()], 'cross-app/connecting')
