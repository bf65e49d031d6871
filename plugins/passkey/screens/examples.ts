/**
 * Example params for each of the passkey plugin's screens, used by the plugin contract tests and
 * the screenshot script to render every screen.
 * @module
 */
export const screenExamples: Record<string, Record<string, unknown>> = {
  login: { phase: 'ready' },
  manage: {},
}
