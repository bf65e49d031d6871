/**
 * The shapes of every operation's params, checked before an operation runs: a request the frame
 * cannot read gets `invalid_request`, never a half-run operation. The export frame's are in
 * `export-params.ts`, on these shared shapes.
 * @module
 */
import * as v from 'valibot'

/** An access token (a compact JWT; the server checks it). */
export const AccessToken = v.pipe(v.string(), v.regex(/^[\w-]+\.[\w-]+\.[\w-]*$/, 'accessToken must be a JWT.'), v.maxLength(8192))

/** A fresh MFA token the host passes when the server asked for one (opaque; the server checks it). */
export const MfaToken = v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(4096)))

/** A chain of an embedded wallet. */
export const ChainTypeParam = v.picklist(['ethereum', 'solana'], 'chainType must be ethereum or solana.')

/** An EVM address or a Solana address. */
export const AddressParam = v.pipe(
  v.string(),
  v.regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'The address must be an EVM or Solana address.'),
)

/** A user's recovery password: the modal asks for at least 6 characters (spec 02 §5). */
const Password = v.pipe(v.string(), v.minLength(6, 'The password has at least 6 characters.'), v.maxLength(256, 'The password is too long.'))

/** A cloud storage's sign-in as the popup returned it. */
const CloudAuthorization = v.strictObject({
  code: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
  state: v.pipe(v.string(), v.minLength(1), v.maxLength(512)),
})

const CloudProvider = v.picklist(['google-drive', 'icloud'], 'provider must be google-drive or icloud.')

/** The recovery method chosen by the host, with the password of `user-passcode` or a cloud sign-in. */
const Recovery = v.variant('method', [
  v.strictObject({ method: v.literal('privy') }),
  v.strictObject({ method: v.literal('user-passcode'), password: Password }),
  v.strictObject({ method: CloudProvider, authorization: CloudAuthorization }),
], 'recovery must be {method: "privy"}, {method: "user-passcode", password} or {method: "google-drive" | "icloud", authorization}.')

const WalletIndex = v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(99, 'walletIndex is at most 99.'))

const RpcRequest = v.strictObject({
  method: v.picklist(
    ['personal_sign', 'eth_sign', 'eth_signTypedData_v4', 'eth_signTransaction', 'secp256k1_sign', 'csw_signUserOperation', 'solana_signMessage', 'solana_signTransaction'],
    'The rpc method is not supported by the wallet frame.',
  ),
  params: v.pipe(v.array(v.unknown()), v.maxLength(4, 'Too many rpc params.')),
})

/** The params of the wallet frame's operations. */
export const frameParams = {
  create: v.strictObject({ accessToken: AccessToken, mfaToken: MfaToken, chainType: ChainTypeParam, recovery: Recovery }),
  connect: v.strictObject({ accessToken: AccessToken, mfaToken: MfaToken, entropyId: AddressParam }),
  recover: v.strictObject({ accessToken: AccessToken, mfaToken: MfaToken, entropyId: AddressParam, password: v.optional(Password), authorization: v.optional(CloudAuthorization) }),
  cloudSignIn: v.strictObject({ accessToken: AccessToken, mfaToken: MfaToken, provider: CloudProvider, redirectTo: v.pipe(v.string(), v.url('redirectTo must be a URL.'), v.maxLength(2048)) }),
  add: v.strictObject({ accessToken: AccessToken, mfaToken: MfaToken, entropyId: AddressParam, chainType: ChainTypeParam, walletIndex: WalletIndex }),
  setRecovery: v.strictObject({ accessToken: AccessToken, mfaToken: MfaToken, entropyId: AddressParam, recovery: Recovery }),
  rpc: v.strictObject({ accessToken: AccessToken, mfaToken: MfaToken, entropyId: AddressParam, address: AddressParam, chainType: ChainTypeParam, request: RpcRequest }),
  delegate: v.strictObject({ accessToken: AccessToken, mfaToken: MfaToken, entropyId: AddressParam, address: AddressParam, chainType: ChainTypeParam }),
  clear: v.strictObject({ accessToken: v.optional(AccessToken) }),
}
