/**
 * Example params for each of the captcha plugin's screens, used by the plugin contract tests and the
 * screenshot script to render every screen.
 * @module
 */
export const screenExamples: Record<string, Record<string, unknown>> = {
  challenge: { siteKey: '1x00000000000000000000AA' },
}
