/**
 * `embedded-wallets/import`: takes a private key inside the visible key frame.
 * @module
 */
import { ImportKey } from './KeyTransfer'

export default ImportKey
