// The production install, step by step, as the image's last stage makes it (Dockerfile): what is copied, the
// install, and the commands that migrate and start. production-install.test.ts runs these steps in a clean
// folder outside the repo; image-files.test.ts holds the Dockerfile and compose.yaml to them.

/** Copied first, alone, so that the install is a layer of its own. */
export const manifestFiles = ['package.json', 'package-lock.json'] as const

/** The install: the dependencies only. `--prefer-offline` is the test's alone (the npm cache here is warm; an
 * image's build has none): it changes where packages come from, never which. */
export const installCommand = ['npm', 'ci', '--omit=dev', '--no-audit', '--no-fund'] as const
export const testOnlyInstallFlags = ['--prefer-offline'] as const

/** Then the build's output: the server (npm run build:server) and the site (npm run build). */
export const builtFolders = ['dist-api', 'dist'] as const

export const migrateCommand = ['node', 'dist-api/migrate.js'] as const
export const startCommand = ['node', 'dist-api/main.js'] as const

/** What the image sets in every container; the rest is the operator's (README, "Configuration"). */
export const imageEnvironment = { NODE_ENV: 'production', HOST: '0.0.0.0', PORT: '3000', DATABASE_URL: 'file:/app/data/waitlist.db' } as const
