// The site's icons, by name, from one icon set: Lucide. The `lucide` package exports each icon as plain
// data (its SVG elements, one module per icon), so the bundle carries only the few named here and no icon
// runtime; src/ui/icon.tsx draws them. (lucide-react's components cost about 1.7 KB gzip more up front.)
// Content modules name an icon; views look it up.
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
} from 'lucide'

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
