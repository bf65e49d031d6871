import { describe, expect, it } from 'vitest'
import { layoutLanding, type LandingItem } from './landing-layout'

const item = (id: string, group: 'web2' | 'web3' = 'web2'): LandingItem => ({
  method: { id, group, label: id, enabledBy: `${id}_auth`, screen: `${id}/entry` },
  pluginId: id,
  inline: false,
})
const ids = (xs: LandingItem[]) => xs.map((x) => x.method.id)

describe('layoutLanding', () => {
  it('default: up to 5 items show without an overflow entry', () => {
    const five = ['a', 'b', 'c', 'd', 'e'].map((x) => item(x))
    expect(layoutLanding(five, [], 'default', 'web2')).toEqual({ visible: five, overflow: [] })
  })

  it('default: 6 items show 4 and put the rest behind More options', () => {
    const six = ['a', 'b', 'c', 'd', 'e', 'f'].map((x) => item(x))
    const l = layoutLanding(six, [], 'default', 'web2')
    expect(ids(l.visible)).toEqual(['a', 'b', 'c', 'd'])
    expect(ids(l.overflow)).toEqual(['e', 'f'])
  })

  it('parameters: a configured overflow list caps the visible list at 4', () => {
    const l = layoutLanding(['a', 'b', 'c', 'd', 'e'].map((x) => item(x)), [item('z')], 'default', 'web2')
    expect(ids(l.visible)).toEqual(['a', 'b', 'c', 'd'])
    expect(ids(l.overflow)).toEqual(['e', 'z'])
  })

  it('parameters: overflow-web2 shows 3 web2 entries, 2 when a wallet row exists', () => {
    const web2 = ['a', 'b', 'c', 'd'].map((x) => item(x))
    expect(ids(layoutLanding(web2, [], 'overflow-web2', 'web2').visible)).toEqual(['a', 'b', 'c'])
    const l = layoutLanding([...web2, item('wallet', 'web3')], [], 'overflow-web2', 'web2')
    expect(ids(l.visible)).toEqual(['a', 'b', 'wallet'])
    expect(ids(l.overflow)).toEqual(['c', 'd'])
    expect(ids(layoutLanding([...web2, item('wallet', 'web3')], [], 'overflow-web2', 'web3').visible)).toEqual(['wallet', 'a', 'b'])
  })

  it('parameters: overflow-web3 puts the web3 entries behind More options', () => {
    const l = layoutLanding([item('a'), item('wallet', 'web3')], [], 'overflow-web3', 'web2')
    expect(ids(l.visible)).toEqual(['a'])
    expect(ids(l.overflow)).toEqual(['wallet'])
  })
})
