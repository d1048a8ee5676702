import { z } from 'zod';

export const rebuildPhases = ['counting', 'building', 'indexing', 'catching-up', 'switching', 'done'] as const;

/**
 * A read model's version in code beside the version its serving table was built by, and when a
 * rebuild built that table (null when none has since the migrations made it). `title` is what a
 * reader calls it, `name` what the rebuild command takes.
 */
export const projectionStateSchema = z.object({
  name: z.string(),
  title: z.string(),
  table: z.string(),
  version: z.number(),
  builtVersion: z.number(),
  builtAt: z.string().nullable(),
  stale: z.boolean(),
});
export type ProjectionState = z.infer<typeof projectionStateSchema>;

/** A rebuild of read models and how far it got: events done of total, rate, ETA, phase. */
export const rebuildRunSchema = z.object({
  id: z.number(),
  projections: z.array(z.string()),
  status: z.enum(['running', 'complete', 'failed']),
  phase: z.enum(rebuildPhases),
  done: z.number(),
  total: z.number(),
  ratePerSecond: z.number(),
  etaSeconds: z.number().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type RebuildRun = z.infer<typeof rebuildRunSchema>;

/** The activity search index as it stands for the user: null where searches read the feed itself (EventStoreDB). */
export const activitySearchStateSchema = z.object({ eventsToIndex: z.number() }).nullable();

/**
 * `GET /api/services/projections`. `eventStore` says where the events are: from EventStoreDB the read
 * models are replayed by the async projectors, not rebuilt from here.
 */
export const readModelsStatusSchema = z.object({
  projections: z.array(projectionStateSchema),
  rebuild: rebuildRunSchema.nullable(),
  activitySearch: activitySearchStateSchema,
  eventStore: z.enum(['postgres', 'eventstoredb']),
});
export type ReadModelsStatus = z.infer<typeof readModelsStatusSchema>;
