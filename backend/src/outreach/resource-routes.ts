import { randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { z } from 'zod';
import { signedInUser } from '../auth/authenticate.ts';
import type { Decider } from '../commands/decider.ts';
import { handleCommand, readState } from '../commands/handle-command.ts';
import { expectedVersionFromIfMatch, setVersionEtag } from '../http/etag.ts';
import { NotFoundError, readAfterCommit } from '../http/errors.ts';
import { idOfKeyedCreate, markReplayed } from '../http/idempotency.ts';
import { noQueryParams } from '../http/query-params.ts';
import { respondWithList, withLookups, type ListSpec } from '../http/simple-rest.ts';
import { cachedAnswer, cheapAnswer } from '../read-cache/answers.ts';
import type { AppServices } from '../services.ts';
import { readHistory, type HistoryRepeat, type HistoryView } from './history.ts';

/** Who is acting and when, handed to each command builder. */
export type CommandContext = { userId: string; id: string; at: string };

/**
 * One outreach resource under /api/data in the ra-data-simple-rest shape. Reads come from the
 * projection's table, scoped to the user; writes become commands through the decider.
 */
export type ResourceDefinition<Command, Row> = {
  resource: string;
  what: string;
  streamId: (id: string, userId: string) => string;
  decider: Decider<any, Command, any>;
  /** How the record's state reads as fields in its History (default: the state without its owner). */
  historyView?: HistoryView<any>;
  /** Events its History leaves out for recording again a fact shown already (default: none). */
  historyRepeat?: HistoryRepeat;
  /** The user's rows (the table, or a join), selecting their columns by name (`table.*` at least). */
  rows: (knex: Knex, userId: string) => Knex.QueryBuilder;
  idColumn: string;
  /** Validates a path id (uuid or cert); an invalid id is a 404, as for a missing record. */
  idSchema: z.ZodType<string | number>;
  list: Omit<ListSpec, 'idColumn' | 'searchNarrowing'> & {
    /** `ListSpec.searchNarrowing` for the user's rows. */
    searchNarrowing?: (knex: Knex, userId: string, pattern: string) => Knex.Raw;
  };
  toApi: (row: Row) => Record<string, unknown>;
  /** POST: the new record's id (a fresh uuid unless the body names it, e.g. a bank's cert). */
  newId?: (body: unknown) => string;
  /**
   * Builders may be async when a rule needs a lookup first (e.g. a workflow's templates must exist).
   * A resource created elsewhere (an enrolment starts from its workflow) has no POST.
   */
  create?: (body: unknown, context: CommandContext) => Command | Promise<Command>;
  update?: (body: unknown, context: CommandContext) => Command | Promise<Command>;
  remove?: (context: CommandContext) => Command | Promise<Command>;
  /**
   * POST /:id/restore, undoing a deletion; `deleted` is the record's state as stored, for a rule that
   * needs a lookup first (the decider still judges whether the record may be restored), and `addedAt`
   * when it was first added, which the restored record keeps (its place in lists, its Added date).
   */
  restore?: (context: CommandContext, deleted: any, addedAt: string) => Command | Promise<Command>;
  /**
   * What a write refused by the read model means (a unique index a concurrent write filled first):
   * throws the answer the rule gives, or returns to let the error through.
   */
  explainRefusal?: (error: unknown, command: Command, context: CommandContext) => Promise<void>;
};

/** The user's records with their looked-up columns, as one record is answered. */
export function recordRows<Command, Row>(knex: Knex, definition: ResourceDefinition<Command, Row>, userId: string): Knex.QueryBuilder {
  return withLookups(knex, definition.rows(knex, userId), definition.list);
}

export function resourceRouter<Command, Row>(services: AppServices, definition: ResourceDefinition<Command, Row>): Router {
  const { knex, eventStore } = services;
  const base = `/api/data/${definition.resource}`;
  const router = new Router({ prefix: base });
  const { searchNarrowing, ...list } = definition.list;
  const listSpec = (userId: string): ListSpec => ({
    ...list,
    idColumn: definition.idColumn,
    idSchema: definition.idSchema,
    searchNarrowing: searchNarrowing && ((pattern) => searchNarrowing(knex, userId, pattern)),
  });

  const findRow = async (userId: string, rawId: string): Promise<Row | undefined> => {
    const id = definition.idSchema.safeParse(rawId);
    if (!id.success) return undefined;
    return recordRows(knex, definition, userId).where(definition.idColumn, id.data).first();
  };
  const requireRow = async (userId: string, id: string): Promise<Row> => {
    const row = await findRow(userId, id);
    if (!row) throw new NotFoundError(definition.what);
    return row;
  };
  const respondWithRecord = (ctx: Context, row: Row) => {
    const record = definition.toApi(row);
    setVersionEtag(ctx, Number(record.version));
    ctx.body = record;
  };
  const run = async (ctx: Context, id: string, build: (context: CommandContext) => Command | Promise<Command>, ifMatch?: number) => {
    const user = signedInUser(ctx.state);
    const context = { userId: user.id, id, at: new Date().toISOString() };
    const command = await build(context);
    try {
      return await handleCommand(eventStore, definition.decider, definition.streamId(id, user.id), command, { ifMatch });
    } catch (error) {
      await definition.explainRefusal?.(error, command, context);
      throw error;
    }
  };

  router.get('/', async (ctx) => {
    const user = signedInUser(ctx.state);
    await cachedAnswer(services, ctx, user.id, (memo) => respondWithList(ctx, knex, definition.resource, definition.rows(knex, user.id), listSpec(user.id), definition.toApi, memo));
  });

  router.get('/:id', async (ctx) => respondWithRecord(ctx, await requireRow(signedInUser(ctx.state).id, ctx.params.id)));

  router.get('/:id/history', async (ctx) => {
    const user = signedInUser(ctx.state);
    const id = definition.idSchema.safeParse(ctx.params.id);
    if (!id.success) throw new NotFoundError(definition.what);
    noQueryParams.parse(ctx.query);
    await cheapAnswer(services, ctx, user.id, async () => {
      ctx.body = await readHistory(knex, eventStore, {
        streamId: definition.streamId(String(id.data), user.id),
        userId: user.id,
        userName: user.name,
        what: definition.what,
        decider: definition.decider,
        view: definition.historyView,
        repeat: definition.historyRepeat,
      });
    });
  });

  if (definition.create) {
    const create = definition.create;
    router.post('/', async (ctx) => {
      const body = ctx.request.body;
      const userId = signedInUser(ctx.state).id;
      const keyedId = definition.newId ? undefined : idOfKeyedCreate(ctx);
      const id = definition.newId?.(body) ?? keyedId ?? randomUUID();
      const made = keyedId && (await findRow(userId, keyedId));
      if (made) markReplayed(ctx);
      else await run(ctx, id, (context) => create(body, context));
      ctx.status = 201;
      respondWithRecord(ctx, made || (await readAfterCommit(() => requireRow(userId, id))));
    });
  }

  if (definition.update) {
    const update = definition.update;
    router.put('/:id', async (ctx) => {
      const user = signedInUser(ctx.state);
      await requireRow(user.id, ctx.params.id);
      const body = ctx.request.body;
      await run(ctx, ctx.params.id, (context) => update(body, context), expectedVersionFromIfMatch(ctx));
      respondWithRecord(ctx, await readAfterCommit(() => requireRow(user.id, ctx.params.id)));
    });
  }

  if (definition.remove) {
    const remove = definition.remove;
    router.delete('/:id', async (ctx) => {
      const user = signedInUser(ctx.state);
      const before = await requireRow(user.id, ctx.params.id);
      await run(ctx, ctx.params.id, remove, expectedVersionFromIfMatch(ctx));
      // ra-data-simple-rest expects the deleted record back; show it as it is now if it still exists.
      ctx.body = definition.toApi((await readAfterCommit(() => findRow(user.id, ctx.params.id))) ?? before);
    });
  }

  if (definition.restore) {
    const restore = definition.restore;
    router.post('/:id/restore', async (ctx) => {
      const user = signedInUser(ctx.state);
      const id = definition.idSchema.safeParse(ctx.params.id);
      if (!id.success) throw new NotFoundError(definition.what);
      const recordId = String(id.data);
      const { state, startedAt } = await readState(eventStore, definition.decider, definition.streamId(recordId, user.id));
      // A stream never written has no record to restore: the decider answers 404 whatever the time given.
      const addedAt = (startedAt ?? new Date()).toISOString();
      await run(ctx, recordId, (context) => restore(context, state, addedAt), expectedVersionFromIfMatch(ctx));
      respondWithRecord(ctx, await readAfterCommit(() => requireRow(user.id, recordId)));
    });
  }

  return router;
}

/** Runs one explicit command route (beyond CRUD) against an existing record and answers the record. */
export async function runRecordCommand<Command, Row>(
  ctx: Context,
  services: AppServices,
  definition: ResourceDefinition<Command, Row>,
  rawId: string,
  build: (context: CommandContext) => Command | Promise<Command>,
): Promise<void> {
  const user = signedInUser(ctx.state);
  const id = definition.idSchema.safeParse(rawId);
  if (!id.success) throw new NotFoundError(definition.what);
  const command = await build({ userId: user.id, id: String(id.data), at: new Date().toISOString() });
  await handleCommand(services.eventStore, definition.decider, definition.streamId(String(id.data), user.id), command, {
    ifMatch: expectedVersionFromIfMatch(ctx),
  });
  const row = await readAfterCommit(() => recordRows(services.knex, definition, user.id).where(definition.idColumn, id.data).first());
  if (!row) throw new NotFoundError(definition.what);
  const record = definition.toApi(row);
  setVersionEtag(ctx, Number(record.version));
  ctx.body = record;
}
