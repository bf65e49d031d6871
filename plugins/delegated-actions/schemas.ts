/**
 * Schemas of the delegated-action routes (`./api`), for the server and the tests.
 * @module
 */
import * as v from 'valibot'
import { defineSchemas } from '../../kernel/route'
import { User } from '../../kernel/schemas'
import { delegatedActionRoutes } from './api'

/** No body. */
export const Empty = v.strictObject({})

const ChainType = v.picklist(['ethereum', 'solana'], 'chain_type must be ethereum or solana.')

/** An EVM address or a Solana address. */
const Address = v.pipe(v.string(), v.regex(/^(0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/, 'address must be an EVM or Solana address.'))

/** `GET /api/v1/delegated_actions/key`: the delegation public key (32 bytes, base64url). */
export const DelegationKeyResponse = v.object({ public_key: v.string() })

/**
 * `POST /api/v1/delegated_actions/consent` (signed in): one wallet's private key sealed to the
 * delegation key by the wallet frame (`portico/protocols/delegation`), bound to the app, user and wallet.
 */
export const ConsentRequest = v.strictObject({
  address: Address,
  chain_type: ChainType,
  sealed_key: v.pipe(v.string(), v.maxLength(256, 'sealed_key is too long.'), v.regex(/^v1\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{64}$/, 'sealed_key must be v1.<key>.<iv>.<ciphertext>.')),
})

/** `POST /api/v1/delegated_actions/revoke` (signed in): one wallet, or every delegated wallet of the user. */
export const RevokeRequest = v.strictObject({ address: v.optional(Address) })

const Hex = v.pipe(v.string(), v.maxLength(262_144, 'The hex value is too long.'), v.regex(/^0x[0-9a-fA-F]*$/, 'Must be 0x-prefixed hex.'))
/** A quantity: hex (`0x…`), a decimal string, or a safe integer. */
const Quantity = v.union([
  v.pipe(v.string(), v.regex(/^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/, 'A quantity is hex or decimal.')),
  v.pipe(v.number(), v.safeInteger(), v.minValue(0)),
], 'A quantity is hex, a decimal string or a non-negative integer.')
const Base64 = (max: number) => v.pipe(v.string(), v.maxLength(max, 'The value is too long.'), v.base64('Must be base64.'))
const Caip2Eip155 = v.pipe(v.string(), v.regex(/^eip155:[1-9]\d{0,15}$/, 'caip2 must be like eip155:1.'))
const Caip2Solana = v.pipe(v.string(), v.regex(/^solana:[1-9A-HJ-NP-Za-km-z]{1,32}$/, 'caip2 must be a Solana CAIP-2 id.'))

/** EIP-712 typed data (snake-case `primary_type`, as the contract's wallet API names it). */
const TypedData = v.strictObject({
  domain: v.record(v.string(), v.unknown()),
  types: v.record(v.string(), v.array(v.strictObject({ name: v.string(), type: v.string() }))),
  primary_type: v.pipe(v.string(), v.minLength(1)),
  message: v.record(v.string(), v.unknown()),
})

/** An EVM transaction the server fills (nonce, gas and fees from the chain when absent) and sends. */
const EvmTransaction = v.strictObject({
  to: v.optional(v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{40}$/, 'to must be an address.'))),
  value: v.optional(Quantity),
  data: v.optional(Hex),
  nonce: v.optional(Quantity),
  gas_limit: v.optional(Quantity),
  gas_price: v.optional(Quantity),
  max_fee_per_gas: v.optional(Quantity),
  max_priority_fee_per_gas: v.optional(Quantity),
  chain_id: v.optional(Quantity),
})

/**
 * `POST /api/v1/wallets/:wallet_id/rpc` (app backend): the method, its params and the wallet's
 * chain; a send names its chain (`caip2`).
 */
export const RpcRequest = v.variant('method', [
  v.strictObject({
    method: v.literal('personal_sign'),
    chain_type: v.literal('ethereum'),
    params: v.strictObject({ message: v.pipe(v.string(), v.maxLength(65_536, 'message is too long.')), encoding: v.picklist(['utf-8', 'hex']) }),
  }),
  v.strictObject({ method: v.literal('eth_signTypedData_v4'), chain_type: v.literal('ethereum'), params: v.strictObject({ typed_data: TypedData }) }),
  v.strictObject({
    method: v.literal('eth_sendTransaction'),
    chain_type: v.literal('ethereum'),
    caip2: Caip2Eip155,
    params: v.strictObject({ transaction: EvmTransaction }),
  }),
  v.strictObject({
    method: v.literal('signMessage'),
    chain_type: v.literal('solana'),
    params: v.strictObject({ message: Base64(87_384), encoding: v.literal('base64') }),
  }),
  v.strictObject({
    method: v.literal('signAndSendTransaction'),
    chain_type: v.literal('solana'),
    caip2: Caip2Solana,
    params: v.strictObject({ transaction: Base64(2_000), encoding: v.literal('base64') }),
  }),
], 'method must be personal_sign, eth_signTypedData_v4, eth_sendTransaction, signMessage or signAndSendTransaction.')

/** What the wallet API answers: a signature (hex on Ethereum, base64 on Solana) or a sent transaction's hash. */
export const RpcResponse = v.variant('method', [
  v.object({ method: v.literal('personal_sign'), data: v.object({ signature: v.string(), encoding: v.literal('hex') }) }),
  v.object({ method: v.literal('eth_signTypedData_v4'), data: v.object({ signature: v.string(), encoding: v.literal('hex') }) }),
  v.object({ method: v.literal('eth_sendTransaction'), data: v.object({ hash: v.string(), caip2: v.string() }) }),
  v.object({ method: v.literal('signMessage'), data: v.object({ signature: v.string(), encoding: v.literal('base64') }) }),
  v.object({ method: v.literal('signAndSendTransaction'), data: v.object({ hash: v.string(), caip2: v.string() }) }),
])

/** One call of the wallet API with a wallet, as recorded. */
export const WalletAction = v.object({
  id: v.string(),
  wallet_id: v.string(),
  method: v.string(),
  status: v.picklist(['succeeded', 'failed']),
  caip2: v.nullable(v.string()),
  /** The signature or the transaction hash; null for a failure. */
  result: v.nullable(v.string()),
  /** The error's code for a failure. */
  error: v.nullable(v.string()),
  created_at: v.number(),
})

/** `GET /api/v1/wallets/:wallet_id/actions`: the wallet's actions, newest first. */
export const ActionsResponse = v.object({ data: v.array(WalletAction) })

/** Schemas of {@link delegatedActionRoutes}. */
export const delegatedActionSchemas = defineSchemas(delegatedActionRoutes, {
  key: { request: Empty, response: DelegationKeyResponse },
  consent: { request: ConsentRequest, response: User },
  revoke: { request: RevokeRequest, response: User },
  rpc: { request: RpcRequest, response: RpcResponse },
  actions: { request: Empty, response: ActionsResponse },
})
