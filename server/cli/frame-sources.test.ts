/**
 * `PORTICO_FRAME_CONNECT_SOURCES`: the wallet frame's `connect-src` per app is the app's cloud
 * storages' origins plus the listed ones; an entry that is not an origin stops the server from starting.
 */
import { describe, expect, it } from 'vitest'
import type { ServerApp } from '../apps'
import { frameConnectSourcesFrom } from './runtime'

/** An app as the frame page sees it: only its settings are read. */
const appWith = (cloudRecovery: Record<string, unknown>) => ({ settings: { cloudRecovery } }) as unknown as ServerApp

describe('frame connect sources', () => {
  it("answers the app's storages' origins and the listed origins, once each", () => {
    const sources = frameConnectSourcesFrom({ PORTICO_FRAME_CONNECT_SOURCES: ' https://proxy.example.com ,https://www.googleapis.com' })
    const app = appWith({ googleDrive: { clientId: 'c', clientSecret: 's', apiUrl: 'https://www.googleapis.com/drive' }, icloud: { apiToken: 't', containerIdentifier: 'iCloud.x', environment: 'production', apiUrl: 'http://127.0.0.1:9999/ck' } })
    expect(sources(app)).toEqual(['https://www.googleapis.com', 'http://127.0.0.1:9999', 'https://proxy.example.com'])
    expect(frameConnectSourcesFrom({})(appWith({}))).toEqual([])
  })

  it('refuses an entry that is not an http(s) origin', () => {
    for (const bad of ['proxy.example.com', 'https://proxy.example.com/path', 'ftp://proxy.example.com', "https://x.example.com'; script-src *"]) {
      expect(() => frameConnectSourcesFrom({ PORTICO_FRAME_CONNECT_SOURCES: bad }), bad).toThrow(/PORTICO_FRAME_CONNECT_SOURCES/)
    }
  })
})
