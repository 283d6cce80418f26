# Production image for the API and the workers (same image, different command), in three stages:
# build (every dependency, compiles the server and the web app), deps (production dependencies
# only), and the final image: compiled JavaScript run by plain node, no TypeScript, no dev
# dependencies, no compiler. The embedded PostgreSQL (optional) is left out: set DATABASE_URL.
# `npm install`, not `npm ci`: the lock lacks other platforms' optional builds (docs/RELIABILITY.md, "CI install").
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY db/package.json db/
COPY search/package.json search/
COPY api/package.json api/
COPY workers/package.json workers/
COPY web/package.json web/
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/* \
 && npm install --include=dev --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/contracts/package.json contracts/
COPY --from=build /app/db/package.json db/
COPY --from=build /app/search/package.json search/
COPY --from=build /app/api/package.json api/
COPY --from=build /app/workers/package.json workers/
COPY --from=build /app/web/package.json web/
RUN npm install --omit=dev --omit=optional --no-audit --no-fund

FROM node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=deps /app/node_modules node_modules
COPY --from=build /app/package.json ./
COPY --from=build /app/dist dist
COPY --from=build /app/db/migrations db/migrations
COPY --from=build /app/web/dist web/dist
USER node
EXPOSE 5000
# The heap cap makes V8 collect before it grows: 150 MB resident under load instead of 240-330 MB
# (docs/PERFORMANCE.md, "API RSS"); the same flags as `npm run start:api`. Two glibc malloc arenas
# instead of one per thread: 239 MB resident instead of 308 MB at 500,000 profiles under 32
# connections, same throughput (docs/PERFORMANCE.md, "malloc arenas"). Semi-spaces of 8 MB (16 by default): the
# young generation holds 16 MB instead of 32 at no CPU cost measured (decision 064).
ENV MALLOC_ARENA_MAX=2
# The workers: `node dist/start.js --workers`; the tools: `node dist/admin-create.js`, dist/reindex.js, dist/outbox.js.
CMD ["node", "--max-old-space-size=192", "--max-semi-space-size=8", "dist/start.js", "--api"]
