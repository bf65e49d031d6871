/**
 * Example params for the WalletConnect screens, used by the plugin contract tests and the screenshot
 * script. The QR screen reads its pairing uri from the plugin state; without one it shows progress.
 * @module
 */
export const screenExamples: Record<string, Record<string, unknown>> = {
  qr: { walletId: null },
}
