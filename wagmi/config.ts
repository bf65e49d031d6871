/**
 * `createConfig` of `portico/wagmi`: wagmi's, with the Portico connector first.
 * @module
 */
import { createConfig as createWagmiConfig, type Config, type CreateConfigParameters, type CreateConnectorFn } from 'wagmi'
import type { Chain, Transport } from 'viem'
import { porticoConnector } from './connector'

/**
 * wagmi's `createConfig` for a Portico host: the Portico connector comes first in `connectors` (the
 * host's own follow it), and wagmi's own discovery of injected wallets (EIP-6963) is off unless the
 * host turns it on, since Portico's wallet list discovers and connects those wallets itself and
 * makes them wagmi's account.
 * @param parameters - wagmi's config parameters (`chains`, `transports`…).
 * @returns the wagmi config, for `WagmiProvider` of `portico/wagmi`.
 * @example
 * ```ts
 * import { http } from 'wagmi'
 * import { base, mainnet } from 'wagmi/chains'
 * import { createConfig } from 'portico/wagmi'
 * export const config = createConfig({ chains: [mainnet, base], transports: { [mainnet.id]: http(), [base.id]: http() } })
 * ```
 */
export function createConfig<const chains extends readonly [Chain, ...Chain[]], transports extends Record<chains[number]['id'], Transport>>(
  parameters: CreateConfigParameters<chains, transports>,
): Config<chains, transports> {
  return createWagmiConfig<chains, transports, readonly CreateConnectorFn[]>({
    multiInjectedProviderDiscovery: false,
    ...parameters,
    connectors: [porticoConnector(), ...(parameters.connectors ?? [])],
  })
}
