// Where a sign-in lands (issue 47): the console address a member asked for a link from, kept in this browser for the
// link's lifetime and used once; the Overview and the sign-in page are not kept, and an old one is not used.
import { linkLifetimesMs } from '../../../shared/rules'
import { keepReturnPath, takeReturnPath } from '../../../src/admin/return-path'

beforeEach(() => localStorage.clear())

it('gives back the area a member asked for a link from, once', () => {
  keepReturnPath('/admin/people?page=2', 1_000)
  expect(takeReturnPath(2_000)).toBe('/admin/people?page=2')
  expect(takeReturnPath(2_000)).toBeNull()
})

it('keeps nothing for the Overview, the sign-in page or an address outside the console, and forgets what was kept', () => {
  for (const path of ['/admin/', '/admin', '/admin/sign-in', '/admin/sign-in/', '/about']) {
    keepReturnPath('/admin/team', 1_000)
    keepReturnPath(path, 1_000)
    expect(takeReturnPath(2_000), path).toBeNull()
  }
})

it('does not use an address kept longer ago than a sign-in link lives', () => {
  keepReturnPath('/admin/audit', 0)
  expect(takeReturnPath(linkLifetimesMs.signIn + 1)).toBeNull()
  keepReturnPath('/admin/audit', 0)
  expect(takeReturnPath(linkLifetimesMs.signIn - 1)).toBe('/admin/audit')
})
