/**
 * The errors of the wallet frame's key code. Each carries the code the frame answers with. Their
 * messages never quote the input: the input may be a key, a phrase or a share, and messages end up
 * in logs.
 * @module
 */

/** An input is malformed: wrong length, wrong encoding, unknown chain, an invalid key or phrase. */
export class CryptoInputError extends Error {
  override name = 'CryptoInputError'
  /** The error code the frame answers with. */
  readonly code = 'invalid_data'
}

/**
 * A reconstructed secret is not the one its entropyId names, or two shares cannot be combined: a share
 * is corrupt or belongs to another secret. The frame must not sign with it (it fails closed).
 */
export class ShareMismatchError extends Error {
  override name = 'ShareMismatchError'
  /** The error code the frame answers with. */
  readonly code = 'share_mismatch'
  constructor(message = 'The shares do not reconstruct this wallet’s secret.') {
    super(message)
  }
}

/** A sealed recovery share does not open with this key: the key (or password) is wrong or the data was altered. */
export class RecoveryKeyError extends Error {
  override name = 'RecoveryKeyError'
  /** The error code the frame answers with (the code spec 02 shows as 'Invalid recovery password'). */
  readonly code = 'invalid_recovery_pin'
  constructor(message = 'The recovery share does not open with this key.') {
    super(message)
  }
}
