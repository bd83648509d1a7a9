# Sokoni in a container (docs/deploy.md, Containers). Not built or tested in CI: the machines that
# test the project have no container engine.
#
#   docker build -t sokoni .
#   docker run -p 3000:3000 -v sokoni-data:/data --env-file .env sokoni

# The current long-term support line of the official image (22 works too).
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
# The storefront into dist/ and dist-ssr/, the server into dist-server/; then drop the dev
# dependencies, which nothing at run time needs.
RUN npm run build && npm prune --omit=dev

FROM node:${NODE_VERSION}-bookworm-slim
# tini as PID 1: it passes signals on to the server (which drains on SIGTERM) and reaps children.
RUN apt-get update \
  && apt-get install -y --no-install-recommends tini \
  && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
  HOST=0.0.0.0 \
  PORT=3000 \
  DATA_DIR=/data
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/dist ./dist
COPY --from=build /app/dist-ssr ./dist-ssr
COPY --from=build /app/dist-server ./dist-server
# For `npm run migrate`, `npm run admin:create` and the other commands (scripts/command.mjs).
COPY --from=build /app/scripts ./scripts
RUN mkdir /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health/ready`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["node", "dist-server/index.js"]
