import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startTwilioStandIn, type TwilioStandIn } from '../../test/fixtures/twilio'
import { TwilioError, TwilioSmsSender } from './twilio'

let twilio: TwilioStandIn
beforeAll(async () => {
  twilio = await startTwilioStandIn()
})
afterAll(() => twilio.close())

const sender = (over: Partial<ConstructorParameters<typeof TwilioSmsSender>[0]> = {}) =>
  new TwilioSmsSender({ accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', baseUrl: twilio.url, ...over })

async function failure(p: Promise<unknown>): Promise<TwilioError> {
  const err = await p.then(() => null, (e: unknown) => e)
  expect(err).toBeInstanceOf(TwilioError)
  return err as TwilioError
}

describe('TwilioSmsSender', () => {
  it('default: posts To, From and Body with basic auth and the message is accepted', async () => {
    await sender().sendSms({ to: '+14155550100', body: 'Your Demo login code is 123456' })
    expect(twilio.messagesTo('+14155550100')).toEqual([
      expect.objectContaining({ to: '+14155550100', from: '+15005550006', messagingServiceSid: null, body: 'Your Demo login code is 123456' }),
    ])
  })

  it('parameters: messagingServiceSid is sent instead of From', async () => {
    await sender({ from: undefined, messagingServiceSid: 'MG0123' }).sendSms({ to: '+14155550101', body: 'hi' })
    expect(twilio.messagesTo('+14155550101')[0]).toMatchObject({ from: null, messagingServiceSid: 'MG0123' })
  })

  it('parameters: a trailing slash on baseUrl is fine', async () => {
    await sender({ baseUrl: twilio.url + '/' }).sendSms({ to: '+14155550102', body: 'hi' })
    expect(twilio.messagesTo('+14155550102')).toHaveLength(1)
  })

  it('behavior: a wrong auth token becomes 400 feature_not_enabled (a server misconfiguration)', async () => {
    const err = await failure(sender({ authToken: 'wrong' }).sendSms({ to: '+14155550103', body: 'hi' }))
    expect(err).toMatchObject({ status: 400, code: 'feature_not_enabled', twilioCode: 20003, twilioStatus: 401 })
    expect(twilio.messagesTo('+14155550103')).toHaveLength(0)
  })

  it('behavior: a number Twilio refuses (21211) becomes 400 invalid_data', async () => {
    const err = await failure(sender().sendSms({ to: '+1234', body: 'hi' }))
    expect(err).toMatchObject({ status: 400, code: 'invalid_data', twilioCode: 21211 })
    expect(err.toBody()).toEqual({ error: 'This phone number cannot receive text messages.', code: 'invalid_data' })
  })

  it("behavior: Twilio's rate limit becomes 429 too_many_requests", async () => {
    twilio.failNext({ status: 429, code: 20429, message: 'Too Many Requests' })
    const err = await failure(sender().sendSms({ to: '+14155550104', body: 'hi' }))
    expect(err).toMatchObject({ status: 429, code: 'too_many_requests', twilioCode: 20429 })
  })

  it('behavior: another refusal becomes 400 invalid_request naming the Twilio code', async () => {
    twilio.failNext({ status: 400, code: 30007, message: 'Message filtered' })
    const err = await failure(sender().sendSms({ to: '+14155550105', body: 'hi' }))
    expect(err).toMatchObject({ status: 400, code: 'invalid_request', twilioCode: 30007 })
    expect(err.message).toContain('30007')
  })

  it('behavior: a Twilio 5xx becomes a 502 without code', async () => {
    twilio.failNext({ status: 503, code: 20503, message: 'Service Unavailable' })
    const err = await failure(sender().sendSms({ to: '+14155550106', body: 'hi' }))
    expect(err).toMatchObject({ status: 502, code: undefined, twilioStatus: 503 })
  })

  it('behavior: an answer that is not JSON still maps by status', async () => {
    const html = createServer((_, res) => {
      res.writeHead(502, { 'content-type': 'text/html' })
      res.end('<h1>Bad gateway</h1>')
    })
    await new Promise<void>((r) => html.listen(0, '127.0.0.1', r))
    try {
      const err = await failure(sender({ baseUrl: `http://127.0.0.1:${(html.address() as AddressInfo).port}` }).sendSms({ to: '+14155550107', body: 'hi' }))
      expect(err).toMatchObject({ status: 502, twilioCode: null, twilioStatus: 502 })
    } finally {
      await new Promise<void>((r) => html.close(() => r()))
    }
  })

  it('behavior: an unreachable provider becomes a 502 with the network error as cause', async () => {
    const err = await failure(sender({ baseUrl: 'http://127.0.0.1:1' }).sendSms({ to: '+14155550108', body: 'hi' }))
    expect(err).toMatchObject({ status: 502, twilioStatus: 0 })
    expect(err.cause).toBeDefined()
  })

  it('behavior: the constructor refuses missing credentials or sender', () => {
    expect(() => new TwilioSmsSender({ accountSid: '', authToken: 'x', from: '+1' })).toThrow(TypeError)
    expect(() => new TwilioSmsSender({ accountSid: 'AC1', authToken: 'x' })).toThrow(/from number or a messagingServiceSid/)
  })
})
