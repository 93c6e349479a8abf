import { headerMachine } from '../machines/header-machine'
import { menuMachine } from '../machines/menu-machine'
import { waitlistMachine } from '../machines/waitlist-machine'
import type { ChartSource } from './state-charts'

export const chartSources: ChartSource[] = [
  {
    machine: waitlistMachine,
    summary: 'One waitlist form (the landing page has two, each with its own actor). It validates, sends exactly one request, and shows every outcome of the error catalogue.',
  },
  {
    machine: menuMachine,
    summary: 'The navigation menu on small screens: a disclosure button that opens and closes the list of links.',
  },
  {
    machine: headerMachine,
    summary: 'The fixed header: transparent over the top of the page, solid once the page is scrolled more than 10 px.',
  },
]
