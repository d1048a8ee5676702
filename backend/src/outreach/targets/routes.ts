import type { Context } from 'koa';
import type { Knex } from 'knex';
import type { TrackedBankRecord } from '../../../../domain/records/tracked-bank.ts';
import type { RatioAlert } from '../../../../domain/ratio-alerts.ts';
import { signedInUser } from '../../auth/authenticate.ts';
import { handleCommand } from '../../commands/handle-command.ts';
import { expectedVersionFromIfMatch } from '../../http/etag.ts';
import { HttpError, NotFoundError } from '../../http/errors.ts';
import { booleanFilter, existsFilter, presentFilter, textOrder } from '../../http/simple-rest.ts';
import { mergedRecord } from '../../merged-record.ts';
import { latestBank } from '../../regulator/bank.ts';
import { closureFactsSql, closureOfFacts } from '../../regulator/queries/closure.ts';
import type { ClosureFacts } from '../../../../domain/bank-closure.ts';
import type { AppServices } from '../../services.ts';
import { recordRows, resourceRouter, runRecordCommand, type CommandContext, type ResourceDefinition } from '../resource-routes.ts';
import { certSchema } from '../schemas.ts';
import {
  editBankBody,
  linkedinCompanyUrlBody,
  mirroredSnapshot,
  notesBody,
  refreshSnapshotBody,
  splitSnapshot,
  tagsBody,
  targetBody,
  trackBankBody,
  type TargetCommand,
} from './commands.ts';
import { targetDecider, type TargetState } from './decider.ts';
import { targetStreamId, type Financials } from './events.ts';

type TargetRow = {
  cert: number;
  is_target: boolean;
  name: string;
  city: string | null;
  state: string | null;
  zip: string | null;
  address: string | null;
  website: string | null;
  linkedin_company_url: string | null;
  notes: string;
  tags: string[];
  financials: Financials;
  targeted_at: Date | null;
  ratio_alert: RatioAlert | null;
  contact_count?: number;
  hot_contact_count?: number;
  open_task_count?: number;
  closure_facts?: ClosureFacts | null;
  version: number;
  created_at: Date;
  updated_at: Date;
};

/**
 * A tracked bank as the screens use it: the normalised bank (figures at the top level) plus the
 * user's fields. Merged by `mergedRecord`: a spread of the figures followed by these fields cost
 * about 25 µs a bank (measured), half a millisecond for a page of Targets.
 */
function toApi(row: TargetRow): TrackedBankRecord {
  const fields: TrackedBankRecord = {
    id: row.cert,
    cert: row.cert,
    name: row.name,
    city: row.city,
    state: row.state,
    zip: row.zip,
    address: row.address,
    website: row.website,
    linkedinCompanyUrl: row.linkedin_company_url,
    isTarget: row.is_target,
    notes: row.notes,
    tags: row.tags,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    targetedAt: row.targeted_at?.toISOString() ?? null,
    ratioAlert: row.ratio_alert ?? null,
    contactCount: Number(row.contact_count ?? 0),
    hotContactCount: Number(row.hot_contact_count ?? 0),
    openTaskCount: Number(row.open_task_count ?? 0),
    closure: closureOfFacts(row.closure_facts),
    version: row.version,
  };
  return mergedRecord(row.financials, fields) as TrackedBankRecord;
}

/**
 * Tracking a bank takes what the body leaves out from the regulator mirror: each detail it does not
 * send (city, address, website, ...), and the newest quarter's figures when it sends none (figures
 * belong to one quarter, so the two are never mixed). A bank tracked through the API by cert and
 * name then reads as one starred on the screens.
 */
async function trackBankCommand(knex: Knex, body: unknown, { userId, at }: CommandContext): Promise<TargetCommand> {
  const { cert, name, notes, tags, linkedinCompanyUrl, ...rest } = trackBankBody.parse(body);
  const sent = splitSnapshot(rest);
  const bank = await latestBank(knex, cert);
  const mirrored = bank ? mirroredSnapshot(bank) : { details: {}, financials: {} };
  const financials = Object.keys(sent.financials).length > 0 ? sent.financials : mirrored.financials;
  return { type: 'TrackBank', userId, cert, details: { ...mirrored.details, ...sent.details, name }, financials, notes, tags, linkedinCompanyUrl, at };
}

/** Tracked banks at /api/data/banks, id = cert. One stream per user and bank. */
const trackedBanksResource = (knex: Knex): ResourceDefinition<TargetCommand, TargetRow> => ({
  resource: 'banks',
  what: 'Tracked bank',
  streamId: (cert, userId) => targetStreamId(userId, cert),
  decider: targetDecider,
  // The bank's details read as its own fields; figures stay grouped (financials.roa).
  historyView: ({ ownerId: _owner, details, ...rest }: TargetState) => ({ ...details, ...rest }),
  rows: (knex, userId) => knex('targets').where('targets.user_id', userId).select('targets.*'),
  idColumn: 'cert',
  idSchema: certSchema,
  list: {
    sortable: {
      createdAt: 'created_at',
      updatedAt: 'updated_at',
      targetedAt: 'targeted_at',
      name: textOrder('name'),
      city: textOrder('city'),
      state: 'state',
      isTarget: 'is_target',
      cert: 'cert',
      id: 'cert',
      contactCount: 'contact_count',
      openTaskCount: 'open_task_count',
      // The figure lives in the saved snapshot; only a number sorts (a figure saved as text would fail the cast).
      assets: "case when jsonb_typeof(targets.financials->'assets') = 'number' then (targets.financials->>'assets')::numeric end",
    },
    // Targets are listed newest first.
    defaultSort: { field: 'createdAt', order: 'DESC' },
    filters: {
      isTarget: booleanFilter('is_target'),
      state: (query, value) => query.whereIn('targets.state', (Array.isArray(value) ? value : [value]).map(String)),
      hasContacts: existsFilter((query) => query.from('contacts as c').whereRaw('c.user_id = targets.user_id and c.bank_id = targets.cert')),
      hasRatioAlert: presentFilter('targets.ratio_alert'),
      hasHotLeads: existsFilter((query) => query.from('contacts as c').whereRaw('c.user_id = targets.user_id and c.bank_id = targets.cert and c.is_hot_lead')),
    },
    searchColumns: ['targets.name', 'targets.city'],
    maxPageSize: 5000,
    // The counts the Targets cards show, each an index lookup per bank, and whether the bank has since
    // failed or been acquired (read from the regulator data, so a sync or import shows at once).
    lookups: {
      table: 'targets',
      columns: {
        closure_facts: closureFactsSql('targets.cert'),
        contact_count: 'select count(*) from contacts c where c.user_id = targets.user_id and c.bank_id = targets.cert',
        hot_contact_count: 'select count(*) from contacts c where c.user_id = targets.user_id and c.bank_id = targets.cert and c.is_hot_lead',
        open_task_count: 'select count(*) from tasks t where t.user_id = targets.user_id and t.bank_id = targets.cert and not t.completed',
      },
    },
  },
  toApi,
  newId: (body) => {
    const cert = certSchema.safeParse((body as { cert?: unknown } | null)?.cert);
    return cert.success ? String(cert.data) : 'invalid';
  },
  create: (body, context) => trackBankCommand(knex, body, context),
  update: (body, { userId, at }) => {
    const { notes, tags, isTarget, linkedinCompanyUrl, ...rest } = editBankBody.parse(body);
    return { type: 'EditTrackedBank', userId, at, changes: { ...splitSnapshot(rest), notes, tags, isTarget, linkedinCompanyUrl } };
  },
});

export function targetRoutes(services: AppServices) {
  const targetsResource = trackedBanksResource(services.knex);
  const router = resourceRouter(services, targetsResource);
  const command = (build: (ctx: Context, context: CommandContext) => TargetCommand) => async (ctx: Context) =>
    runRecordCommand(ctx, services, targetsResource, ctx.params.id, (context) => build(ctx, context));
  const body = (ctx: Context) => ctx.request.body ?? {};

  // DELETE un-targets (notes and tags stay); stopping tracking altogether is DELETE .../tracking.
  router.delete('/:id', command((_ctx, { userId, at }) => ({ type: 'SetBankTarget', userId, isTarget: false, at })));
  router.put('/:id/target', command((ctx, { userId, at }) => ({ type: 'SetBankTarget', userId, at, ...targetBody.parse(body(ctx)) })));
  router.put('/:id/notes', command((ctx, { userId, at }) => ({ type: 'UpdateBankNotes', userId, at, ...notesBody.parse(body(ctx)) })));
  // The user has seen the quarter alert: the badge and the dashboard entry go, the history keeps it.
  router.delete('/:id/ratio-alert', command((_ctx, { userId }) => ({ type: 'DismissRatioAlert', userId })));
  router.put('/:id/tags', command((ctx, { userId }) => ({ type: 'UpdateBankTags', userId, ...tagsBody.parse(body(ctx)) })));
  router.put(
    '/:id/financials',
    command((ctx, { userId }) => ({ type: 'RefreshBankSnapshot', userId, ...splitSnapshot(refreshSnapshotBody.parse(body(ctx))) })),
  );
  router.put(
    '/:id/linkedin-company-url',
    command((ctx, { userId }) => {
      const { linkedinCompanyUrl } = linkedinCompanyUrlBody.parse(body(ctx));
      return { type: 'SetLinkedinCompanyUrl', userId, linkedinCompanyUrl: linkedinCompanyUrl ?? null };
    }),
  );

  // The Key Financials of a tracked bank, looked up once in the regulator mirror and then kept on the
  // record (an event), so the next open is instant and the history shows when they were fetched.
  router.post('/:id/key-financials', async (ctx) => {
    const cert = certSchema.safeParse(ctx.params.id);
    if (!cert.success) throw new NotFoundError(targetsResource.what);
    const bank = await latestBank(services.knex, cert.data);
    if (!bank || bank.repdte == null) throw new HttpError(404, 'Financials data not available for the selected quarter.');
    const { financials } = mirroredSnapshot(bank);
    await runRecordCommand(ctx, services, targetsResource, ctx.params.id, ({ userId }) => ({ type: 'RefreshBankSnapshot' as const, userId, details: {}, financials }));
  });

  router.delete('/:id/tracking', async (ctx) => {
    const user = signedInUser(ctx.state);
    const cert = certSchema.safeParse(ctx.params.id);
    const before: TargetRow | undefined = cert.success ? await recordRows(services.knex, targetsResource, user.id).where('cert', cert.data).first() : undefined;
    if (!cert.success || !before) throw new NotFoundError(targetsResource.what);
    await handleCommand(services.eventStore, targetDecider, targetStreamId(user.id, cert.data), { type: 'UntrackBank', userId: user.id }, {
      ifMatch: expectedVersionFromIfMatch(ctx),
    });
    // The record is gone from the read side; answer it as it was, as a simple-rest delete does.
    ctx.body = toApi(before);
  });
  return router;
}
