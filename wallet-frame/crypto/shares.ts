/**
 * Shares of a wallet's secret: Shamir 2-of-3 over GF(2^8) (`shamir-secret-sharing`, audited), and the
 * check after every reconstruction that the secret is the one its entropyId names.
 * @module
 */
import { combine, split } from 'shamir-secret-sharing'
import { expectBytes } from './encoding'
import { CryptoInputError, ShareMismatchError } from './errors'
import { expectChainType, keyFromSecret, type ChainType, type SecretKind } from './keys'

/** How an entropyId is checked: derive the address of the secret's first wallet on this chain. */
export type EntropyIdVerifier = 'ethereum-address-verifier' | 'solana-address-verifier'

const VERIFIERS: Readonly<Record<ChainType, EntropyIdVerifier>> = {
  ethereum: 'ethereum-address-verifier',
  solana: 'solana-address-verifier',
}

/**
 * Splits a secret into three shares, any two of which rebuild it and one of which says nothing of it.
 * Each share is one byte longer than the secret (its last byte is the share's x coordinate).
 * @param secret - the secret: 16 bytes of HD entropy or a 32-byte imported key.
 * @returns the shares in their order of use: `[device, auth, recovery]`.
 * @throws {@link CryptoInputError} when the secret is not 16 or 32 bytes.
 * @example
 * ```ts
 * import { splitSecret, combineShares, newEntropy } from './crypto'
 * const [device, auth, recovery] = await splitSecret(newEntropy())
 * const entropy = await combineShares(device, auth)
 * ```
 */
export async function splitSecret(secret: Uint8Array): Promise<[Uint8Array, Uint8Array, Uint8Array]> {
  const [device, auth, recovery] = await split(expectBytes(secret, 'The secret', 16, 32), 3, 2)
  return [device as Uint8Array, auth as Uint8Array, recovery as Uint8Array]
}

/**
 * Rebuilds a secret from two of its shares, in any order. The result is not checked here: a corrupt
 * share gives a wrong secret of the right length, so call {@link checkSecret} before using it.
 * @param a - one share.
 * @param b - another share of the same secret.
 * @returns the secret.
 * @throws {@link CryptoInputError} when a share is not a byte array; {@link ShareMismatchError} when
 * the two cannot be shares of one secret (different lengths, or the same x coordinate).
 */
export async function combineShares(a: Uint8Array, b: Uint8Array): Promise<Uint8Array> {
  const first = expectBytes(a, 'A share')
  const second = expectBytes(b, 'A share')
  if (first.length < 2 || first.length !== second.length || first.at(-1) === second.at(-1)) {
    throw new ShareMismatchError('The two shares are not shares of one secret.')
  }
  return combine([first, second])
}

/**
 * The verifier that names how an entropyId made on a chain is checked.
 * @param chainType - the chain the secret was created for.
 * @returns `'ethereum-address-verifier'` or `'solana-address-verifier'`.
 * @throws {@link CryptoInputError} on an unknown chain type.
 */
export function verifierFor(chainType: ChainType): EntropyIdVerifier {
  return VERIFIERS[expectChainType(chainType)]
}

function chainOf(verifier: EntropyIdVerifier): ChainType {
  const entry = Object.entries(VERIFIERS).find(([, name]) => name === verifier)
  if (!entry) throw new CryptoInputError(`The entropyId verifier must be ${Object.values(VERIFIERS).join(' or ')}.`)
  return entry[0] as ChainType
}

/**
 * Checks a reconstructed secret against the entropyId stored with the wallet: the address of the
 * secret's first wallet on the verifier's chain (an HD secret's wallet 0, an imported key's own
 * address) must equal it, ignoring case for Ethereum hex, exactly for Solana base58. Call it after
 * every reconstruction, before any signature: a corrupt share must fail closed.
 * @param secret - the reconstructed secret.
 * @param kind - `'hd'` or `'imported'`.
 * @param entropyId - the stored entropyId.
 * @param verifier - the stored verifier.
 * @throws {@link ShareMismatchError} when the secret is not the one named (also when it cannot be a
 * secret of this kind at all); {@link CryptoInputError} on a bad kind, verifier or entropyId.
 */
export function checkSecret(secret: Uint8Array, kind: SecretKind, entropyId: string, verifier: EntropyIdVerifier): void {
  const chainType = chainOf(verifier)
  if (kind !== 'hd' && kind !== 'imported') throw new CryptoInputError("The secret kind must be 'hd' or 'imported'.")
  if (typeof entropyId !== 'string' || entropyId === '') throw new CryptoInputError('The entropyId must be a non-empty string.')
  let address: string
  try {
    address = keyFromSecret(secret, kind, chainType, 0).address
  } catch (error) {
    // A secret of the wrong length, or an invalid Ethereum scalar, is a wrong secret.
    if (error instanceof CryptoInputError) throw new ShareMismatchError()
    throw error
  }
  const same = chainType === 'ethereum' ? address.toLowerCase() === entropyId.toLowerCase() : address === entropyId
  if (!same) throw new ShareMismatchError()
}
