/**
 * Example params for each delegated-actions screen, used by the plugin contract tests and the
 * screenshot script to render every screen.
 * @module
 */
export const screenExamples: Record<string, Record<string, unknown>> = {
  prompt: { action: 'delegate', address: '0x3f5CE5FBFe3E9af3971dD833D26bA9b5C936f0bE' },
}
