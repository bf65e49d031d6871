/**
 * Export and import (`embedded-wallets/export`, `embedded-wallets/import`): the visible key frame,
 * served on the API's origin, inside the modal. Export shows the wallet's private key (or the
 * recovery phrase) with its Copy button inside the frame, titled 'Transfer wallet' (spec 02 §1);
 * import shows the frame's key input and ends the step once the user imported a key. The page
 * never sees the key: it learns only that it was shown, or the imported wallet's address.
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import type { FrameChainType } from '../../../protocols/wallet-frame'
import { embeddedWalletsOf, type KeyFrame } from '../service'
import { Badge, failureText, textsOf, type Texts } from './parts'
import { recoverAsNeeded } from '../steps'

/** Params of the export screen. */
export interface ExportParams extends Record<string, unknown> {
  /** The wallet to export. */
  address: string
  /** Show the recovery phrase (HD wallets) instead of the private key. */
  phrase?: boolean
}

/** Params of the import screen. */
export interface ImportParams extends Record<string, unknown> {
  /** The chain of the key to import. @defaultValue 'ethereum' */
  chainType?: FrameChainType
}

/** The frame's height inside the modal: the key (or phrase) with its warning and Copy button; the key input. */
const FRAME_HEIGHT = { export: 300, import: 220 } as const

/**
 * Opens the key frame in a container once, runs `use` on it and closes it when the screen goes.
 * With `refusal` set nothing opens and the screen shows that text.
 */
function useKeyFrame(
  props: ScreenProps,
  kind: keyof typeof FRAME_HEIGHT,
  title: string,
  use: (frame: KeyFrame) => Promise<void>,
  failure: (err: unknown) => string,
  refusal: string | null = null,
  enabled = true,
) {
  const { ctx, isShown } = props
  const container = useRef<HTMLDivElement>(null)
  const [error, setError] = useState<string | null>(null)
  // The frame opens once per screen and closes when the screen goes; the callbacks are read then.
  const calls = useRef({ use, failure, isShown })
  calls.current = { use, failure, isShown }
  useEffect(() => {
    const parent = container.current
    if (!parent || refusal !== null || !enabled) return
    let frame: KeyFrame | null = null
    let gone = false
    embeddedWalletsOf(ctx)
      .openKeyFrame(parent, title)
      .then(async (f) => {
        frame = f
        if (gone) return f.close()
        const iframe = parent.querySelector('iframe')
        if (iframe) iframe.style.height = `${FRAME_HEIGHT[kind]}px`
        await calls.current.use(f)
      })
      .catch((err: unknown) => {
        if (gone || !calls.current.isShown()) return
        frame?.close()
        setError(calls.current.failure(err))
      })
    return () => {
      gone = true
      frame?.close()
    }
  }, [ctx, title, refusal, enabled])
  // A refusal (known before or found while connecting) wins over what the frame said.
  return { container, error: refusal ?? error }
}

/** The frame's box: its height while it shows, nothing while the screen shows a text instead. */
function frameBox(kind: keyof typeof FRAME_HEIGHT, hidden: boolean) {
  return { minHeight: hidden ? 0 : FRAME_HEIGHT[kind], display: hidden ? 'none' : 'block' } as const
}

/** The shortest the Connecting state shows (spec 02 §2): a faster connection waits out the rest. */
export const CONNECTING_MIN_MS = 1000

/**
 * Connects the user's wallet on this device before its key frame opens (spec 02 §4 "Wallet
 * connecting"): automatic recovery runs inside the connection, a password-protected wallet asks for
 * its password first; it lasts at least {@link CONNECTING_MIN_MS}.
 * @returns `connected` once the frame may open; `failed` when it cannot (the user left the password
 *   step: the step is cancelled instead).
 */
function useConnecting(props: ScreenProps, enabled: boolean): { connected: boolean; failed: boolean } {
  const { ctx, cancelStep, isShown } = props
  const [state, setState] = useState({ connected: false, failed: false })
  useEffect(() => {
    if (!enabled) return
    let gone = false
    const service = embeddedWalletsOf(ctx)
    // The shortest showing runs alongside the connection: a faster one waits out the rest.
    const minimum = ctx.sleep(CONNECTING_MIN_MS)
    void (async () => {
      try {
        await service.connect()
      } catch (err) {
        if ((err as { code?: unknown }).code !== 'recovery_needed') throw err
        try {
          await recoverAsNeeded(ctx, err)
        } catch {
          if (!gone && isShown()) cancelStep()
          return
        }
      }
      await minimum
      if (!gone) setState({ connected: true, failed: false })
    })().catch(() => {
      if (!gone) setState({ connected: false, failed: true })
    })
    return () => {
      gone = true
    }
  }, [ctx, enabled, cancelStep, isShown])
  return state
}

/** Export: 'Transfer wallet', connecting first, then the key inside the frame. */
export function ExportKey(props: ScreenProps<ExportParams>) {
  const { ctx, params, resolveStep } = props
  const t: Texts = textsOf(ctx)
  // Only a wallet of the user's is ever asked for; for any other address no frame opens.
  const wallet = embeddedWalletsOf(ctx)
    .wallets()
    .find((w) => w.address.toLowerCase() === String(params.address).toLowerCase())
  const { connected, failed } = useConnecting(props as ScreenProps, wallet !== undefined)
  const refusal = !wallet ? t('EMBEDDED_ERROR_OCCURRED') : failed ? t('EMBEDDED_CONNECT_FAILED') : null
  const { container, error } = useKeyFrame(
    props as ScreenProps,
    'export',
    t('EMBEDDED_EXPORT_FRAME'),
    (frame) => frame.exportKey(wallet!, params.phrase === true),
    (err) => ((err as { code?: unknown }).code === 'reauthentication_required' ? t('EMBEDDED_EXPORT_REAUTH') : failureText(props as ScreenProps, t, err)),
    refusal,
    connected,
  )
  const connecting = !connected && error === null
  return (
    <Screen
      icon={<Badge glyph="key" size={52} busy={connecting} />}
      title={t('EMBEDDED_EXPORT_TITLE')}
      subtitle={error ?? t(connecting ? 'EMBEDDED_CONNECTING' : params.phrase ? 'EMBEDDED_EXPORT_PHRASE_DETAIL' : 'EMBEDDED_EXPORT_DETAIL')}
      footer={<Button onClick={resolveStep}>{t(error || connecting ? 'EMBEDDED_CLOSE' : 'EMBEDDED_DONE')}</Button>}
    >
      <div ref={container} style={frameBox('export', error !== null || connecting)} />
    </Screen>
  )
}

/** Import: the frame's key input; the step ends once a key is imported. */
export function ImportKey(props: ScreenProps<ImportParams>) {
  const { ctx, params, resolveStep, cancelStep, isShown } = props
  const t: Texts = textsOf(ctx)
  const { container, error } = useKeyFrame(
    props as ScreenProps,
    'import',
    t('EMBEDDED_IMPORT_FRAME'),
    async (frame) => {
      await frame.importKey(params.chainType ?? 'ethereum')
      if (isShown()) resolveStep()
    },
    (err) => failureText(props as ScreenProps, t, err),
  )
  return (
    <Screen
      icon={<Badge glyph="key" size={52} />}
      title={t('EMBEDDED_IMPORT_TITLE')}
      subtitle={error ?? t('EMBEDDED_IMPORT_DETAIL')}
      footer={
        <Button variant="secondary" onClick={cancelStep}>
          {t(error ? 'EMBEDDED_CLOSE' : 'EMBEDDED_CANCEL')}
        </Button>
      }
    >
      <div ref={container} style={frameBox('import', error !== null)} />
    </Screen>
  )
}
