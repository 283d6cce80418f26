# Production image for the API and the workers (same image, different command).
FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY db/package.json db/
COPY search/package.json search/
COPY api/package.json api/
COPY workers/package.json workers/
COPY web/package.json web/
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/* \
 && npm ci --include=dev --no-audit --no-fund
COPY . .
RUN npm run build
USER node
EXPOSE 5000
# The heap cap makes V8 collect before it grows: 150 MB resident under load instead of 240-330 MB
# (docs/PERFORMANCE.md, "API RSS"); the same flags as `npm run start:api`.
CMD ["node", "--max-old-space-size=192", "--import", "tsx", "scripts/start.ts", "--api"]
