/**
 * The wallet frame's key and share code. It runs only inside the wallet frame (the API's origin),
 * never on the host page: entropy, phrases, shares and private keys never leave the frame. Pure
 * functions over WebCrypto and audited libraries; no DOM, no module state.
 *
 * - Keys ({@link newEntropy}, {@link deriveWalletKey}, {@link importWalletKey}, {@link keyFromSecret}):
 *   16 bytes of entropy, its 12-word BIP-39 phrase, HD wallets at m/44'/60'/0'/0/{i} (Ethereum) and
 *   m/44'/501'/{i}'/0' (Solana, SLIP-10 ed25519); imported keys.
 * - Shares ({@link splitSecret}, {@link combineShares}, {@link checkSecret}): the secret (HD entropy or
 *   the imported key) split 2-of-3 into device, auth and recovery shares; every reconstruction is
 *   checked against the wallet's entropyId, the address of the secret's first wallet.
 * - Recovery ({@link encryptShare}, {@link decryptShare}, {@link passcodeKeys}): the recovery share
 *   sealed with AES-256-GCM under a server-held key or a key derived from the user's password, which
 *   also yields the verifier the server checks before it releases the sealed share.
 * @module
 */
export { fromBase64, toBase64 } from './encoding'
export { CryptoInputError, RecoveryKeyError, ShareMismatchError } from './errors'
export {
  deriveWalletKey,
  entropyToMnemonic,
  evmAccount,
  exportWalletKey,
  importWalletKey,
  keyFromSecret,
  mnemonicToEntropy,
  newEntropy,
  signSolanaMessage,
  type ChainType,
  type SecretKind,
  type WalletKey,
} from './keys'
export {
  PASSCODE_KDF,
  SEALED_SHARE_VERSIONS,
  decryptShare,
  encryptShare,
  legacyPasscodeKey,
  newRecoveryKey,
  newSalt,
  passcodeKeys,
  type PasscodeKeys,
  type SealedShareVersion,
} from './recovery'
export { checkSecret, combineShares, splitSecret, verifierFor, type EntropyIdVerifier } from './shares'
