// @vitest-environment node
// The gallery (npm run gallery, gallery/machines.ts) pictures every state of every machine in its list,
// or names it with a reason: a new state without a picture fails here, without starting a browser.
import { describe, expect, it } from 'vitest'
import { galleryMachines } from '../../gallery/machines'
import { leafStates, shotsOf, unaccounted } from '../../gallery/walk'

describe.each(galleryMachines.map((gallery) => [gallery.machine.id, gallery] as const))('the gallery of %s', (_id, gallery) => {
  it('pictures every state, or says why not', () => {
    expect(unaccounted(gallery)).toEqual([])
  })

  it('leaves out only states the machine has, each with a reason', () => {
    for (const [state, reason] of Object.entries(gallery.leftOut ?? {})) {
      expect(leafStates(gallery)).toContain(state)
      expect(reason.length).toBeGreaterThan(10)
    }
  })

  it('names every picture once', () => {
    const slugs = shotsOf(gallery).map((shot) => shot.slug)
    expect(new Set(slugs).size).toBe(slugs.length)
  })
})

describe('the list of machines', () => {
  it('names every machine of docs/state-charts.md: in the gallery, or not with a reason', async () => {
    const { chartSources } = await import('../../scripts/chart-sources')
    const { machinesNotInGallery } = await import('../../gallery/machines')
    const pictured = galleryMachines.map((gallery) => gallery.machine.id)
    for (const { machine } of chartSources) expect([...pictured, ...Object.keys(machinesNotInGallery)]).toContain(machine.id)
    for (const id of Object.keys(machinesNotInGallery)) expect(pictured).not.toContain(id)
  })
})
