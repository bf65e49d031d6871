/**
 * Example params for each of the email plugin's screens, used by the plugin contract tests and the
 * screenshot script to render every screen.
 * @module
 */
export const screenExamples: Record<string, Record<string, unknown>> = {
  entry: {},
  code: { email: 'ada@example.com' },
  update: { oldAddress: 'ada@example.com' },
}
