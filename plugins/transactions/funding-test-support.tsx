/**
 * A funding method plugin for the transaction screens' tests: 'Pay with a test card', offered for
 * every request, recording each request it is offered for.
 * @internal
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { funding, fundingHooks, type FundingMethod, type FundingRequest } from '../funding'

/**
 * The test card plugin.
 * @param offered - receives each funding request the method is offered for.
 * @returns the plugin definition.
 */
export function testCardFunding(offered: (request: FundingRequest) => void) {
  return definePlugin({
    id: 'test-card',
    kind: 'funding',
    requires: [funding()],
    screens: { pay: { load: async () => ({ default: () => <h2>Card</h2> }) } },
    messages: { TEST_CARD: 'Pay with a test card' },
    setup: (ctx) =>
      fundingHooks(ctx).methods.tap('test-card', (list, request) => {
        offered(request)
        return [...list, { id: 'card', method: 'card', label: 'TEST_CARD', screen: 'test-card/pay' } as FundingMethod]
      }),
  })
}
