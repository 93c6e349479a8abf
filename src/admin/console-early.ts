// The console's first script (issue 47), inline in the console's page: the build bundles it on its own, with what
// it imports, into one function call (vite.admin.config.ts), which runs as the page is parsed, so the session and
// the Overview's first calls leave before the main script, some 400 KB with React, has come from the network or the
// browser's cache; the main script then takes their answers (early-calls.ts).
import { consoleBasepath } from '../../shared/console-pages'
import { callEarly } from './early-calls'

callEarly(window.location.pathname, consoleBasepath)
