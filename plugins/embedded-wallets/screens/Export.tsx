/**
 * `embedded-wallets/export`: shows a wallet's key inside the visible key frame.
 * @module
 */
import { ExportKey } from './KeyTransfer'

export default ExportKey
