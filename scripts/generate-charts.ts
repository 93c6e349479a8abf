// `npm run charts`: regenerates docs/state-charts.md from the machine definitions.
import { writeFile } from 'node:fs/promises'
import { chartSources } from './chart-sources'
import { renderStateChartsDocument } from './state-charts'

export const chartsPath = 'docs/state-charts.md'

await writeFile(chartsPath, renderStateChartsDocument(chartSources))
console.log(`wrote ${chartsPath}`)
