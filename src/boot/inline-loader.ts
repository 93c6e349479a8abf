// The second inline script of every prerendered page: the build compiles this file once
// (scripts/inline-scripts.ts) and writes each page's own modules where it says __APP_MODULES__.
import { loadAfterFirstPaint } from './app-loader'

declare const __APP_MODULES__: readonly string[]

loadAfterFirstPaint(__APP_MODULES__)
