/**
 * The Phantom interstitial: on a phone without Phantom's in-app browser, 'Continue' opens this page
 * inside the Phantom app. One second later, if the visitor is still here, the screen asks 'Still
 * here?' and offers to try again or install Phantom.
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { PhantomIcon } from './PhantomIcon'

/** How long after 'Continue' the screen asks whether the visitor is still here. */
export const STILL_HERE_DELAY_MS = 1_000

/** Params of the interstitial: `stillHere` opens it in its second state (screenshots, a return from Phantom). */
export interface PhantomInterstitialParams extends Record<string, unknown> {
  stillHere?: boolean
}

/**
 * Phantom's universal link that opens a page in the app's browser.
 * @param pageUrl - the page to open.
 * @param origin - the page's origin, for Phantom's `ref`.
 * @returns the link.
 * @example
 * ```ts
 * import { phantomBrowseUrl } from 'portico/plugins/solana/screens/PhantomInterstitial'
 * location.href = phantomBrowseUrl(location.href, location.origin)
 * ```
 */
export function phantomBrowseUrl(pageUrl: string, origin: string): string {
  return `https://phantom.app/ul/browse/${encodeURIComponent(pageUrl)}?ref=${encodeURIComponent(origin)}`
}

/**
 * The interstitial screen (`solana/phantom`).
 * @param props - screen props.
 * @returns the screen.
 * @example
 * ```ts
 * ctx.navigate('solana/phantom')
 * ```
 */
export default function PhantomInterstitial({ ctx, params }: ScreenProps<PhantomInterstitialParams>) {
  const [stillHere, setStillHere] = useState(params.stillHere === true)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])
  const t = ctx.t

  const open = () => {
    setStillHere(false)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => setStillHere(true), STILL_HERE_DELAY_MS)
    // Same tab: on a phone the universal link hands over to the Phantom app, if it is there.
    window.open(phantomBrowseUrl(window.location.href, window.location.origin), '_self')
  }

  if (stillHere) {
    return (
      <Screen
        icon={<PhantomIcon />}
        title={t('SOLANA_STILL_HERE_TITLE')}
        subtitle={t('SOLANA_STILL_HERE_DETAIL')}
        footer={
          <>
            <Button onClick={open}>{t('SOLANA_TRY_AGAIN')}</Button>
            <Button variant="secondary" onClick={() => ctx.navigate('solana/install-phantom')}>
              {t('SOLANA_INSTALL_PHANTOM_CTA')}
            </Button>
          </>
        }
      />
    )
  }
  return (
    <Screen
      icon={<PhantomIcon />}
      title={t('SOLANA_INTERSTITIAL_TITLE')}
      subtitle={t('SOLANA_INTERSTITIAL_DETAIL')}
      footer={<Button onClick={open}>{t('SOLANA_CONTINUE')}</Button>}
    />
  )
}
