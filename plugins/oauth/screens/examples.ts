/**
 * Example params for each of the OAuth plugin's screens, used by the plugin contract tests and the
 * screenshot script to render every screen. Start screens get `preview` so rendering them does not
 * start a round trip.
 * @module
 */
import { OAUTH_PROVIDERS } from '../providers'

const starts = Object.fromEntries(
  [...OAUTH_PROVIDERS, 'custom-0', 'custom-1', 'custom-2', 'custom-3'].map((name) => [name, { preview: true }]),
)

export const screenExamples: Record<string, Record<string, unknown>> = {
  ...starts,
  status: { status: 'verifying', provider: 'google' },
  'in-app-browser': { provider: 'google' },
}

/** More states of the status screen, for the screenshots. */
export const statusExamples: Record<string, Record<string, unknown>> = {
  verifying: { status: 'verifying', provider: 'google' },
  success: { status: 'success', provider: 'github' },
  denied: { status: 'error', provider: 'google', message: 'Retry and check email and profile to finish connecting your account.', retryable: true },
  suspended: { status: 'error', provider: 'discord', message: 'Your Discord account is suspended. Please try another login method.', retryable: false },
  unknown: { status: 'verifying', provider: 'myspace' },
}
