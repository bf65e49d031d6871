/**
 * Example params for each of the solana plugin's screens, used by the plugin contract tests and the
 * screenshot script.
 * @module
 */
export const screenExamples: Record<string, Record<string, unknown>> = {
  phantom: {},
  'install-phantom': {},
}
