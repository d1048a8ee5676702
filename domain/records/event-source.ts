/**
 * Where a change came from, stamped on every event: `ui` the app's own screens, `api` any other client
 * (public API, scripts, curl), `ai` the AI analyst, `workflow` the automation engine, `import` a bulk
 * import, `system` start-up and maintenance work.
 */
export const eventSources = ['ui', 'api', 'ai', 'workflow', 'import', 'system'] as const;
export type EventSource = (typeof eventSources)[number];
