# The club API and the static export in one image; `compose.yaml` runs it as API processes and as nginx's files.
# Node 24 LTS, the runtime the project documents; `npm test` runs the same compiled server on a Node 24 binary.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm install --no-audit --no-fund
COPY . .
# The export (out/) and the server as plain JavaScript (dist/), so the image runs neither tsx nor a dev dependency.
RUN npm run build && npm run build:server

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production SKIP_BUILD=1 SERVE_STATIC=false TRUST_PROXY=true PORT=3000 HOST=0.0.0.0
COPY package.json package-lock.json .npmrc ./
# Production dependencies only. better-sqlite3 comes as its prebuilt binary for this Node: built from source against
# Node 24.19 or newer headers it aborts the process when a statement is garbage-collected (nodejs/node#65446).
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
COPY --from=build /app/out ./out
# DATA_DIR of the embedded default (SQLite, files, the generated secret), writable by the user the API runs as.
RUN mkdir data && chown node:node data
USER node
EXPOSE 3000
CMD ["node", "dist/server/main.js"]
