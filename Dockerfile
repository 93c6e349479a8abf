# The waitlist as an image: the site and the server built in one stage, and a last stage with the dependencies
# only (npm ci --omit=dev), the build output, and node. test/build/production-install.test.ts makes that last
# stage's install outside the repo and runs it; test/build/image-files.test.ts holds this file to those steps.
# How to build and run it, and what was tested: docs/operations.md, "The image".
#
# Node 20.20.2, the version every test here ran on (Node 20 left maintenance in April 2026: moving to 22 is
# this line, untested here).
ARG NODE_IMAGE=node:20.20.2-bookworm-slim

FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
# The forms post to this server's own endpoint, as npm start builds them.
ARG VITE_WAITLIST_ENDPOINT=/api/waitlist
RUN VITE_WAITLIST_ENDPOINT=${VITE_WAITLIST_ENDPOINT} npm run build && npm run build:server

FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATABASE_URL=file:/app/data/waitlist.db
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /src/dist-api ./dist-api
COPY --from=build /src/dist ./dist
# The SQLite file and the .eml files (without SMTP_URL) live here, owned by the user the server runs as.
RUN mkdir -p /app/data && chown node:node /app/data
USER node
VOLUME /app/data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "dist-api/main.js"]
