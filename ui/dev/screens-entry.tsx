/**
 * Browser entry of the screenshot page: a fake host app with the modal open at the screen named
 * in the query string (`?screen=email/code&theme=dark&params={...}`).
 * @internal
 * @module
 */
import { email } from '../../plugins/email'
import { sms } from '../../plugins/sms'
import { mountScreenshotPage } from './shoot-entry'

const header = new URLSearchParams(location.search).get('header')
mountScreenshotPage([email(), sms()], 'portico/landing', { appearance: header ? { landingHeader: header } : {} })
