/**
 * Example params for each of the SMS plugin's screens, used by the plugin contract tests and the
 * screenshot script to render every screen.
 * @module
 */
export const screenExamples: Record<string, Record<string, unknown>> = {
  entry: {},
  code: { phoneNumber: '+1 4155550123' },
  update: { oldPhoneNumber: '+1 4155550123' },
}
