/**
 * Example params for each of the cross-app plugin's screens (contract tests and screenshots).
 * @module
 */
import { START_SLOTS } from '../client/slots'

const starts = Object.fromEntries(Array.from({ length: START_SLOTS }, (_, k) => [`start-${k}`, { preview: true, name: 'Acme Wallet' }]))

export const screenExamples: Record<string, Record<string, unknown>> = {
  ...starts,
  connecting: { status: 'connecting', name: 'Acme Wallet' },
  consent: { requester: 'Pixel Quest', provider: 'Acme Wallet', readOnly: true },
}

/** More states, for the screenshots. */
export const moreExamples: Record<string, Record<string, unknown>> = {
  failed: { status: 'error', name: 'Acme Wallet', message: 'There was an issue connecting your Acme Wallet account. Please try again.', retryable: true, providerId: 'acmewallet000000000000001' },
  canceled: { status: 'error', name: 'Acme Wallet', message: 'User canceled flow', retryable: true, providerId: 'acmewallet000000000000001' },
}
