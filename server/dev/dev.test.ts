/**
 * The development stand-ins `npm start` runs: the Farcaster stand-in's own pages sign its user in
 * with a message the custody key really signed, the ID registry answers that user's custody, and the
 * Telegram window signs results that verify with the bot's token.
 */
import { createHash, createHmac } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { createPublicClient, http, verifyMessage, zeroAddress } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { optimism } from 'viem/chains'
import { startFarcasterStandIn, type FarcasterStandIn } from './farcaster'
import { startTelegramStandIn, type TelegramStandIn } from './telegram'

const running: (FarcasterStandIn | TelegramStandIn)[] = []
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.close()))
})

const ID_REGISTRY = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
const CUSTODY_OF = [
  { type: 'function', name: 'custodyOf', stateMutability: 'view', inputs: [{ name: 'fid', type: 'uint256' }], outputs: [{ name: 'custody', type: 'address' }] },
] as const

describe('Farcaster development user', () => {
  it('signs in through its own page with a SIWF message signed by the custody key, and the registry names that key', async () => {
    const custodyPrivateKey = generatePrivateKey()
    const custody = privateKeyToAccount(custodyPrivateKey).address
    const fc = await startFarcasterStandIn({ devUser: { fid: 4242, custodyPrivateKey, username: 'dev', displayName: 'Dev' } })
    running.push(fc)
    const created = await fetch(`${fc.url}/v1/channel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ siweUri: 'http://localhost:3000', domain: 'localhost:3000' }),
    })
    const { channelToken, connectUri } = (await created.json()) as { channelToken: string; connectUri: string }
    expect(connectUri.startsWith(`${fc.url}/~/siwf?`)).toBe(true)

    const page = await fetch(connectUri)
    expect(await page.text()).toContain('Sign in as @dev (fid 4242)')
    const pending = await fetch(`${fc.url}/v1/channel/status`, { headers: { authorization: `Bearer ${channelToken}` } })
    expect(pending.status).toBe(202)

    expect((await fetch(connectUri, { method: 'POST' })).status).toBe(200)
    const status = (await (await fetch(`${fc.url}/v1/channel/status`, { headers: { authorization: `Bearer ${channelToken}` } })).json()) as {
      state: string
      message: string
      signature: `0x${string}`
      fid: number
    }
    expect(status.state).toBe('completed')
    expect(status.fid).toBe(4242)
    expect(status.message).toContain('farcaster://fid/4242')
    expect(await verifyMessage({ address: custody, message: status.message, signature: status.signature })).toBe(true)

    const client = createPublicClient({ chain: optimism, transport: http(`${fc.url}/optimism`) })
    const read = (fid: bigint) => client.readContract({ address: ID_REGISTRY, abi: CUSTODY_OF, functionName: 'custodyOf', args: [fid] })
    expect(await read(4242n)).toBe(custody)
    expect(await read(4243n)).toBe(zeroAddress)
  })

  it('approves or rejects a signer request on its page', async () => {
    const fc = await startFarcasterStandIn({ devUser: { fid: 7, custodyPrivateKey: generatePrivateKey(), username: 'dev', displayName: 'Dev' } })
    running.push(fc)
    const ask = async () => {
      const res = await fetch(`${fc.url}/v2/signed-key-requests`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: '0x01', requestFid: 7, signature: '0x02', deadline: 1 }),
      })
      return ((await res.json()) as { result: { signedKeyRequest: { token: string; deeplinkUrl: string } } }).result.signedKeyRequest
    }
    const state = async (token: string) =>
      ((await (await fetch(`${fc.url}/v2/signed-key-request?token=${token}`)).json()) as { result: { signedKeyRequest: { state: string; userFid?: number } } })
        .result.signedKeyRequest

    const first = await ask()
    expect(first.deeplinkUrl).toBe(`${fc.url}/~/signed-key-request?token=${first.token}`)
    await fetch(first.deeplinkUrl, { method: 'POST', body: new URLSearchParams({ answer: 'approve' }) })
    expect(await state(first.token)).toMatchObject({ state: 'completed', userFid: 7 })

    const second = await ask()
    await fetch(second.deeplinkUrl, { method: 'POST', body: new URLSearchParams({ answer: 'reject' }) })
    expect((await state(second.token)).state).toBe('revoked')
  })
})

describe('Telegram development widget', () => {
  const bot = { botId: '7000004242', botName: 'portico_dev_bot', botToken: '7000004242:dev-secret' }

  it('serves a widget script and a window whose answer verifies with the bot token, for its bot only', async () => {
    const tg = await startTelegramStandIn({ bot, user: { id: 424242, first_name: 'Dev', username: 'dev_telegram' } })
    running.push(tg)
    expect(await (await fetch(tg.scriptUrl)).text()).toContain('window.Telegram.Login')

    const html = await (await fetch(`${tg.url}/telegram/login?bot_id=${bot.botId}&origin=${encodeURIComponent('http://localhost:3000')}`)).text()
    expect(html).toContain('Development stand-in: this is not Telegram.')
    const payload = /telegramDevAuth: (\{.*?\}) \}/.exec(html.replace(/&#34;/g, '"'))?.[1]
    const signed = JSON.parse(payload!) as Record<string, string | number>
    // Telegram's check, computed here: HMAC-SHA256 of the sorted fields, keyed by SHA-256(bot token).
    const check = Object.keys(signed).filter((k) => k !== 'hash').sort().map((k) => `${k}=${signed[k]}`).join('\n')
    const expected = createHmac('sha256', createHash('sha256').update(bot.botToken).digest()).update(check).digest('hex')
    expect(signed.hash).toBe(expected)
    expect(signed.id).toBe(424242)

    expect((await fetch(`${tg.url}/telegram/login?bot_id=1&origin=${encodeURIComponent('http://localhost:3000')}`)).status).toBe(400)
  })
})
