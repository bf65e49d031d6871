/**
 * The host page of the wallet-frame browser test: the frame transport as a host page bundles it,
 * with every message the page receives recorded (to prove no key material reaches it).
 */
import { exportFrameUrl, frameUrl } from '../../../protocols/wallet-frame'
import { openWalletFrame } from '../../../protocols/wallet-frame/client'
import { createEmbeddedEthereumProvider } from '../../../plugins/embedded-wallets/provider'
import { createEmbeddedSolanaWallet } from '../../../plugins/embedded-wallets/solana'
import { getBase64Encoder, getTransactionDecoder, type Transaction } from '@solana/kit'

/** What the test reaches in the page. */
export interface HostWindow {
  portico: {
    openWalletFrame: typeof openWalletFrame
    frameUrl: typeof frameUrl
    exportFrameUrl: typeof exportFrameUrl
    createEmbeddedEthereumProvider: typeof createEmbeddedEthereumProvider
    createEmbeddedSolanaWallet: typeof createEmbeddedSolanaWallet
    /** A kit transaction from its base64 wire bytes, as a host app holds one. */
    decodeTransaction(base64: string): Transaction
  }
  /** Every message the page received: its origin and its data as JSON. */
  received: { origin: string; data: string }[]
}

const host = window as unknown as HostWindow
host.received = []
window.addEventListener('message', (event) => host.received.push({ origin: event.origin, data: JSON.stringify(event.data) }))
host.portico = {
  openWalletFrame,
  frameUrl,
  exportFrameUrl,
  createEmbeddedEthereumProvider,
  createEmbeddedSolanaWallet,
  decodeTransaction: (base64) => getTransactionDecoder().decode(getBase64Encoder().encode(base64)),
}
