/**
 * Example params for each of the Farcaster plugin's screens, used by the plugin contract tests and
 * the screenshot script. `preview` draws a state without any request.
 * @module
 */
export const screenExamples: Record<string, Record<string, unknown>> = {
  connect: { preview: 'waiting', connectUri: 'https://warpcast.com/~/siwf?channelToken=example&nonce=abcdef0123456789' },
  signer: { preview: 'waiting', approvalUrl: 'farcaster://signed-key-request?token=0x0123456789abcdef' },
}

/** More states, for the screenshots. */
export const stateExamples: Record<string, Record<string, unknown>> = {
  'connect-timeout': { preview: 'timeout' },
  'signer-rejected': { preview: 'rejected' },
}
