// @vitest-environment jsdom
/**
 * Focus follows the screens: each screen shown takes it (first field, else heading), a screen whose
 * focused element goes away takes it back, and the element that opened the modal gets it on close.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { definePlugin } from '../../kernel/plugin'
import { renderScreen, startHarness, type Harness } from '../../test/support/ui-harness'
import { Screen } from '../components/Screen'
import { Button } from '../components/Button'
import { deepActiveElement } from './focus'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

/** A field that turns into a result without one, as a code screen turns into its success state. */
function Swap() {
  const [done, setDone] = useState(false)
  return done ? (
    <Screen title="Done" />
  ) : (
    <Screen title="Type">
      <input aria-label="Value" onKeyDown={(e) => e.key === 'Enter' && setDone(true)} />
    </Screen>
  )
}

const focusPlugin = definePlugin({
  id: 'focus',
  kind: 'feature',
  screens: {
    form: { load: async () => ({ default: () => <Screen title="Form"><input aria-label="Name" /><input aria-label="Other" /></Screen> }) },
    note: { load: async () => ({ default: () => <Screen title="Note" footer={<Button>Fine</Button>} /> }) },
    swap: { load: async () => ({ default: Swap }) },
  },
})

const focused = () => deepActiveElement(document)

describe('focus in the modal', () => {
  it('behavior: each screen shown takes focus: its first field, else its heading (out of the Tab order)', async () => {
    h = await startHarness({ plugins: [focusPlugin] })
    await renderScreen(h.kernel, 'focus/note')
    const note = await screen.findByRole('heading', { name: 'Note' })
    await waitFor(() => expect(focused()).toBe(note))
    expect(note.getAttribute('tabindex')).toBe('-1')
    await act(async () => h!.kernel.navigate('focus/form'))
    const name = await screen.findByRole('textbox', { name: 'Name' })
    await waitFor(() => expect(focused()).toBe(name))
    await act(async () => h!.kernel.back())
    const again = await screen.findByRole('heading', { name: 'Note' })
    await waitFor(() => expect(focused()).toBe(again))
  })

  it('behavior: when the focused element goes away with the screen still shown, its heading takes focus', async () => {
    h = await startHarness({ plugins: [focusPlugin] })
    await renderScreen(h.kernel, 'focus/swap')
    const value = await screen.findByRole('textbox', { name: 'Value' })
    await waitFor(() => expect(focused()).toBe(value))
    await act(async () => fireEvent.keyDown(value, { key: 'Enter' }))
    const done = await screen.findByRole('heading', { name: 'Done' })
    await waitFor(() => expect(focused()).toBe(done))
  })

  it('behavior: closing the modal gives focus back to the element that opened it', async () => {
    h = await startHarness({ plugins: [focusPlugin] })
    const trigger = document.createElement('button')
    trigger.textContent = 'Open'
    document.body.append(trigger)
    try {
      trigger.focus()
      await renderScreen(h.kernel, 'focus/form')
      await waitFor(() => expect(focused()).toBe(screen.getByRole('textbox', { name: 'Name' })))
      await act(async () => h!.kernel.closeModal())
      await waitFor(() => expect(focused()).toBe(trigger))
    } finally {
      trigger.remove()
    }
  })
})
