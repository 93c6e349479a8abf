// The site's icons, by name, from one icon set: lucide-react, whose icons are one small SVG component per
// module, so the bundle carries only the few imported here. Content modules name an icon; views look it up.
import {
  Activity,
  BatteryMedium,
  ChartLine,
  Dumbbell,
  Footprints,
  Gift,
  MessagesSquare,
  Mic,
  NotebookPen,
  RefreshCw,
  ScanEye,
  Upload,
  Video,
} from 'lucide-react'

export const icons = {
  conversation: MessagesSquare,
  memory: NotebookPen,
  adapt: RefreshCw,
  voice: Mic,
  progress: ChartLine,
  rest: BatteryMedium,
  coach: Activity,
  form: ScanEye,
  knee: Footprints,
  gymHero: Dumbbell,
  upload: Upload,
  video: Video,
  gift: Gift,
} as const

export type IconName = keyof typeof icons
