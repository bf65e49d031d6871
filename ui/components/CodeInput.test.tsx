// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createRef } from 'react'
import { CodeInput, type CodeInputHandle } from './CodeInput'
import { ThemeRoot } from './ThemeRoot'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const messages = {
  label: 'Verification code',
  notNumeric: 'Code should be numeric',
  onlyNumbers: 'Passcode can only be numbers',
  exactLength: 'Passcode must be exactly 6 numbers',
}

function setup(props: Partial<Parameters<typeof CodeInput>[0]> = {}) {
  const completed: string[] = []
  const ref = createRef<CodeInputHandle>()
  render(
    <ThemeRoot>
      <CodeInput ref={ref} messages={messages} onComplete={(c) => completed.push(c)} {...props} />
    </ThemeRoot>,
  )
  const boxes = screen.getAllByRole('textbox') as HTMLInputElement[]
  return { completed, boxes, ref }
}

const paste = (el: HTMLElement, text: string) =>
  act(async () => {
    el.focus()
    fireEvent.paste(el, { clipboardData: { getData: () => text } })
  })

const type = (el: HTMLInputElement, char: string) =>
  act(async () => {
    el.focus()
    fireEvent.change(el, { target: { value: char } })
  })

afterEach(cleanup)

describe('CodeInput', () => {
  it('default: six labelled numeric boxes', () => {
    const { boxes } = setup()
    expect(boxes).toHaveLength(6)
    expect(boxes[0]!.getAttribute('inputmode')).toBe('numeric')
    expect(boxes[0]!.getAttribute('autocomplete')).toBe('one-time-code')
    expect(boxes[0]!.getAttribute('aria-label')).toBe('Verification code 1/6')
  })

  it('behavior: pasting a whole code fills every box and submits once', async () => {
    const { boxes, completed } = setup()
    await paste(boxes[0]!, '482 913')
    // Ark applies a paste on the next animation frame.
    await waitFor(() => expect(boxes.map((b) => b.value).join('')).toBe('482913'))
    expect(completed).toEqual(['482913'])
  })

  it('behavior: typing the sixth digit submits', async () => {
    const { boxes, completed } = setup()
    for (const [i, d] of [...'12345'].entries()) await type(boxes[i]!, d)
    expect(completed).toEqual([])
    await type(boxes[5]!, '6')
    expect(completed).toEqual(['123456'])
  })

  it('behavior: a letter that reaches the input anyway is reverted with "Passcode can only be numbers"', async () => {
    const { boxes, completed } = setup()
    await type(boxes[0]!, 'x')
    expect(screen.getByText('Passcode can only be numbers')).toBeTruthy()
    expect(boxes[0]!.value).toBe('')
    expect(completed).toEqual([])
  })

  it('behavior: a pasted non-numeric code is refused with "Code should be numeric"', async () => {
    const { boxes, completed } = setup()
    await paste(boxes[0]!, '12ab56')
    expect(screen.getByText('Code should be numeric')).toBeTruthy()
    await new Promise((r) => setTimeout(r, 50))
    expect(boxes.map((b) => b.value).join('')).toBe('')
    expect(completed).toEqual([])
  })

  it('behavior: a pasted code of the wrong length is refused with "Passcode must be exactly 6 numbers"', async () => {
    const { boxes, completed } = setup()
    await paste(boxes[0]!, '1234')
    expect(screen.getByText('Passcode must be exactly 6 numbers')).toBeTruthy()
    expect(boxes.map((b) => b.value).join('')).toBe('')
    expect(completed).toEqual([])
  })

  it('behavior: Enter on an incomplete code says "Passcode must be exactly 6 numbers"', async () => {
    const { boxes } = setup()
    await type(boxes[0]!, '1')
    await act(async () => {
      fireEvent.keyDown(boxes[1]!, { key: 'Enter' })
    })
    expect(screen.getByText('Passcode must be exactly 6 numbers')).toBeTruthy()
  })

  it('parameters: an outside error is shown and described; clear() empties and refocuses', async () => {
    const { boxes, ref } = setup({ error: 'Invalid or expired verification code' })
    await paste(boxes[0]!, '123456')
    await waitFor(() => expect(boxes[5]!.value).toBe('6'))
    const error = screen.getByText('Invalid or expired verification code')
    expect(boxes[0]!.getAttribute('aria-describedby')).toBe(error.id)
    await act(async () => {
      ref.current!.clear()
      await Promise.resolve()
    })
    expect(boxes.map((b) => b.value).join('')).toBe('')
    expect(document.activeElement).toBe(boxes[0])
  })
})
