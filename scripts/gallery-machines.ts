// The machines in the gallery, one entry each. Adding a machine is one line here, plus its entry (the page its
// view lives on, the region to picture, how each event of its graph is caused) in a module beside this one.
import { eraseRequestGallery, headerGallery, menuGallery, tokenActionGallery, waitlistGallery } from './gallery-visitor'
import { adminSignInGallery, analyticsGallery, auditGallery, eraseGallery, summaryGallery, tableGallery } from './gallery-console'
import type { GalleryMachine } from './gallery-types'

export const galleryMachines: GalleryMachine[] = [
  waitlistGallery,
  eraseRequestGallery,
  tokenActionGallery,
  menuGallery,
  headerGallery,
  adminSignInGallery,
  tableGallery,
  eraseGallery,
  summaryGallery,
  auditGallery,
  analyticsGallery,
]
