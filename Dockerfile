# The club API and the static export in one image; `compose.yaml` runs it as API processes and as nginx's files.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production SKIP_BUILD=1 SERVE_STATIC=false TRUST_PROXY=true PORT=3000 HOST=0.0.0.0
COPY --from=build /app /app
USER node
EXPOSE 3000
CMD ["node", "--import", "tsx", "server/main.ts"]
