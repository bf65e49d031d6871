/**
 * What the embedded Solana wallet uses of `@solana/kit` at run time, in a module of its own: the
 * wallet loads it on its first call, so a page that never signs with Solana never downloads it, and
 * a bundler keeps only these functions of kit.
 * @internal
 * @module
 */
export {
  createSolanaRpc,
  getBase64Decoder,
  getBase64Encoder,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
} from '@solana/kit'
