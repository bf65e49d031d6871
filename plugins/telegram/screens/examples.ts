/**
 * Example params for each of the Telegram plugin's screens, used by the plugin contract tests and the
 * screenshot script. `preview` keeps rendering from starting a login.
 * @module
 */

export const screenExamples: Record<string, Record<string, unknown>> = {
  auth: { preview: true, status: 'waiting' },
}

/** The states of the Telegram screen, for the screenshots. */
export const authExamples: Record<string, Record<string, unknown>> = {
  waiting: { preview: true, status: 'waiting' },
  verifying: { preview: true, status: 'verifying' },
  success: { preview: true, status: 'success' },
  error: { preview: true, status: 'error', message: 'Something went wrong. Try again.', retryable: true },
  disallowed: { preview: true, status: 'error', message: 'Login with Telegram not allowed.', retryable: false },
}
