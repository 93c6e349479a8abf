// The console's first script (issue 47): a few kilobytes, fetched beside the console's main script and run as soon
// as it arrives (async), so the session and the Overview's first calls leave while the main script, some 400 KB
// with React, is still on its way and being compiled; the main script then takes their answers (early-calls.ts).
// The build puts it first in the console's page (vite.admin.config.ts).
import { consoleBasepath } from '../../shared/console-pages'
import { callEarly } from './early-calls'

callEarly(window.location.pathname, consoleBasepath)
