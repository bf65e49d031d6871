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
) {
  const { ctx, isShown } = props
  const container = useRef<HTMLDivElement>(null)
  const [error, setError] = useState<string | null>(refusal)
  // The frame opens once per screen and closes when the screen goes; the callbacks are read then.
  const calls = useRef({ use, failure, isShown })
  calls.current = { use, failure, isShown }
  useEffect(() => {
    const parent = container.current
    if (!parent || refusal !== null) return
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
  }, [ctx, title, refusal])
  return { container, error }
}

function frameBox(kind: keyof typeof FRAME_HEIGHT, error: string | null) {
  return { minHeight: error ? 0 : FRAME_HEIGHT[kind], display: error ? 'none' : 'block' } as const
}

/** Export: 'Transfer wallet'. */
export function ExportKey(props: ScreenProps<ExportParams>) {
  const { ctx, params, resolveStep } = props
  const t: Texts = textsOf(ctx)
  // Only a wallet of the user's is ever asked for; for any other address no frame opens.
  const wallet = embeddedWalletsOf(ctx)
    .wallets()
    .find((w) => w.address.toLowerCase() === String(params.address).toLowerCase())
  const { container, error } = useKeyFrame(
    props as ScreenProps,
    'export',
    t('EMBEDDED_EXPORT_FRAME'),
    (frame) => frame.exportKey(wallet!, params.phrase === true),
    (err) => ((err as { code?: unknown }).code === 'reauthentication_required' ? t('EMBEDDED_EXPORT_REAUTH') : failureText(props as ScreenProps, t, err)),
    wallet ? null : t('EMBEDDED_ERROR_OCCURRED'),
  )
  return (
    <Screen
      icon={<Badge glyph="key" size={52} />}
      title={t('EMBEDDED_EXPORT_TITLE')}
      subtitle={error ?? t(params.phrase ? 'EMBEDDED_EXPORT_PHRASE_DETAIL' : 'EMBEDDED_EXPORT_DETAIL')}
      footer={<Button onClick={resolveStep}>{t(error ? 'EMBEDDED_CLOSE' : 'EMBEDDED_DONE')}</Button>}
    >
      <div ref={container} style={frameBox('export', error)} />
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
      <div ref={container} style={frameBox('import', error)} />
    </Screen>
  )
}
