/**
 * Example params for each of the MFA core's screens, used by the plugin contract tests and the
 * screenshot script to render every screen.
 * @module
 */
export const screenExamples: Record<string, Record<string, unknown>> = {
  verify: {},
  enroll: {},
  remove: { method: 'totp' },
}
