// @vitest-environment jsdom
/**
 * A screen's own back handler (`useBackHandler`): the modal's back arrow asks it first, shows while it
 * is set, and goes back a screen when it declines or is not set.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { useState } from 'react'
import { definePlugin } from '../../kernel/plugin'
import { renderScreen, startHarness, type Harness } from '../../test/support/ui-harness'
import { useBackHandler, type ScreenProps } from '../context'
import { Screen } from '../components/Screen'
import { Button } from '../components/Button'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

/** Pages in one screen: the arrow goes back a page, unless 'Let the modal go back' is ticked. */
function Pages({ navigate }: ScreenProps) {
  const [page, setPage] = useState(1)
  const [decline, setDecline] = useState(false)
  useBackHandler(page > 1 ? () => (decline ? false : (setPage(page - 1), true)) : null)
  return (
    <Screen title={`Page ${page}`} footer={<Button onClick={() => setPage(page + 1)}>Next</Button>}>
      <label>
        <input type="checkbox" checked={decline} onChange={(e) => setDecline(e.target.checked)} /> Let the modal go back
      </label>
      <Button variant="ghost" onClick={() => navigate('pages/other')}>
        Other
      </Button>
    </Screen>
  )
}

const pagesPlugin = definePlugin({
  id: 'pages',
  kind: 'feature',
  screens: {
    first: { load: async () => ({ default: () => <Screen title="First" /> }) },
    pages: { load: async () => ({ default: Pages }) },
    other: { load: async () => ({ default: () => <Screen title="Other" /> }) },
  },
})

const click = (el: HTMLElement) => act(async () => fireEvent.click(el))
const arrow = () => screen.queryByRole('button', { name: 'Back' })
const stack = () => h!.kernel.state.modal.stack.map((e) => e.screen)

async function openPages(after?: string) {
  h = await startHarness({ plugins: [pagesPlugin] })
  await renderScreen(h.kernel, after ?? 'pages/pages')
  if (after) await act(async () => h!.kernel.navigate('pages/pages'))
  await screen.findByRole('heading', { name: 'Page 1' })
}

describe('useBackHandler', () => {
  it("behavior: the arrow goes back a page while the screen's handler takes it, then back a screen", async () => {
    await openPages('pages/first')
    await click(screen.getByRole('button', { name: 'Next' }))
    await click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('heading', { name: 'Page 3' })).toBeTruthy()
    await click(arrow()!)
    expect(screen.getByRole('heading', { name: 'Page 2' })).toBeTruthy()
    await click(arrow()!)
    expect(screen.getByRole('heading', { name: 'Page 1' })).toBeTruthy()
    expect(stack()).toEqual(['pages/first', 'pages/pages'])
    await click(arrow()!)
    expect(await screen.findByRole('heading', { name: 'First' })).toBeTruthy()
    expect(stack()).toEqual(['pages/first'])
  })

  it("behavior: on the modal's first screen the arrow shows only while a handler is set", async () => {
    await openPages()
    expect(arrow()).toBeNull()
    await click(screen.getByRole('button', { name: 'Next' }))
    await click(arrow()!)
    expect(screen.getByRole('heading', { name: 'Page 1' })).toBeTruthy()
    expect(arrow()).toBeNull()
  })

  it('behavior: a handler that returns false lets the modal go back a screen; the latest handler is the one asked', async () => {
    await openPages('pages/first')
    await click(screen.getByRole('button', { name: 'Next' }))
    // The handler changes with the checkbox: the arrow asks the current one.
    await click(screen.getByRole('checkbox'))
    await click(arrow()!)
    expect(await screen.findByRole('heading', { name: 'First' })).toBeTruthy()
    expect(stack()).toEqual(['pages/first'])
  })

  it("behavior: a screen's handler goes with it: on the next screen the arrow goes back a screen", async () => {
    await openPages()
    await click(screen.getByRole('button', { name: 'Next' }))
    await click(screen.getByRole('button', { name: 'Other' }))
    expect(await screen.findByRole('heading', { name: 'Other' })).toBeTruthy()
    await click(arrow()!)
    // Back on the pages screen, remounted at its first page.
    expect(await screen.findByRole('heading', { name: 'Page 1' })).toBeTruthy()
    expect(stack()).toEqual(['pages/pages'])
  })
})
