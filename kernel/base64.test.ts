import { describe, expect, it } from 'vitest'
import { base64ToBytes, bytesToBase64, bytesToBase64Url } from './base64'

describe('base64', () => {
  it('round-trips every byte value in base64 and base64url, with and without padding', () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i)
    for (let n = 0; n <= 5; n++) {
      const bytes = all.subarray(250 - n)
      expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString('base64'))
      expect(bytesToBase64Url(bytes)).toBe(Buffer.from(bytes).toString('base64url'))
      expect(base64ToBytes(bytesToBase64(bytes))).toEqual(bytes)
      expect(base64ToBytes(bytesToBase64Url(bytes))).toEqual(bytes)
    }
    expect(base64ToBytes(bytesToBase64(all))).toEqual(all)
  })

  it('refuses text that is not base64', () => {
    for (const bad of ['a', 'ab$c', 'AQID!', 'A QID']) expect(() => base64ToBytes(bad)).toThrow(TypeError)
    expect(base64ToBytes('')).toEqual(new Uint8Array())
  })
})
