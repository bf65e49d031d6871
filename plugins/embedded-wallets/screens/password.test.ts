/**
 * The recovery password's rules of spec 02 §5: minimum length, allowed characters, strength score.
 */
import { describe, expect, it } from 'vitest'
import { invalidCharacters, passwordProblem, passwordScore, strengthOf, PASSWORD_SYMBOLS } from './password'

describe('password rules', () => {
  it('accepts letters, digits and every listed symbol', () => {
    expect(invalidCharacters(`abcXYZ0129${PASSWORD_SYMBOLS}`)).toEqual([])
    expect(passwordProblem(`Ab1${PASSWORD_SYMBOLS}`)).toBeNull()
  })

  it('lists each offending character once, in the order they appear, an emoji as one', () => {
    expect(invalidCharacters('a b~c ~é😀')).toEqual([' ', '~', 'é', '😀'])
    expect(passwordProblem('pass/word')).toEqual({ kind: 'invalid-characters', characters: ['/'] })
  })

  it('needs at least 6 characters; empty is its own problem', () => {
    expect(passwordProblem('')).toEqual({ kind: 'empty' })
    expect(passwordProblem('abcde')).toEqual({ kind: 'too-short' })
    expect(passwordProblem('abcdef')).toBeNull()
  })

  it('reports invalid characters before the length', () => {
    expect(passwordProblem('a b')).toEqual({ kind: 'invalid-characters', characters: [' '] })
  })
})

describe('password strength', () => {
  it('gives no variety score under 8 characters', () => {
    // 7 characters of all four classes: length only, 7/16 of half.
    expect(passwordScore('aA1!bB2')).toBeCloseTo(7 / 32)
    expect(strengthOf(passwordScore('aA1!bB2'))).toBe('weak')
  })

  it('scores half for length (full at 16) and half for the four character classes', () => {
    expect(passwordScore('abcdefgh')).toBeCloseTo(0.25 + 0.125)
    expect(passwordScore('abcdEFGH')).toBeCloseTo(0.25 + 0.25)
    expect(passwordScore('abcdEF12')).toBeCloseTo(0.25 + 0.375)
    expect(passwordScore('aaaaaaaaaaaaaaaaaaaaaaaa')).toBeCloseTo(0.5 + 0.125)
    expect(passwordScore('Correct-Horse-42')).toBeCloseTo(1)
  })

  it('labels Medium over 0.5 and Strong over 0.9, else Weak', () => {
    expect(strengthOf(0.5)).toBe('weak')
    expect(strengthOf(0.51)).toBe('medium')
    expect(strengthOf(0.9)).toBe('medium')
    expect(strengthOf(0.91)).toBe('strong')
    expect(strengthOf(passwordScore('abcdEFGH'))).toBe('weak')
    expect(strengthOf(passwordScore('abcdEF12'))).toBe('medium')
    expect(strengthOf(passwordScore('Correct-Horse-4'))).toBe('strong')
  })
})
