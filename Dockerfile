# One image for the web process and the worker; docker-compose.yml runs both.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production PORT=5000
COPY --from=build /app /app
EXPOSE 5000
CMD ["node", "backend/dist/main.js"]
