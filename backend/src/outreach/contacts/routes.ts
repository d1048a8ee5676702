import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import type { Knex } from 'knex';
import { z } from 'zod';
import { verificationResults, type ContactRecord } from '../../../../domain/records/contact.ts';
import { runningEnrolmentStatuses } from '../../../../domain/records/enrolment.ts';
import type { DoNotContactReason } from '../../../../domain/records/do-not-contact.ts';
import { currentContext, runWithContext } from '../../context/request-context.ts';
import { loadImportContext, mappingSchema, parseContactsCsv, planImport, suggestMapping, type ImportPlan } from './import.ts';
import { signedInUser } from '../../auth/authenticate.ts';
import { handleCommand } from '../../commands/handle-command.ts';
import { RecordNotFound } from '../../commands/errors.ts';
import { BadRequestError, ConflictError, readAfterCommit } from '../../http/errors.ts';
import { booleanFilter, certFilter, presentFilter, textOrder } from '../../http/simple-rest.ts';
import type { AppServices } from '../../services.ts';
import type { EventStore } from '../../eventstore/types.ts';
import { recordRows, resourceRouter, runRecordCommand, type ResourceDefinition } from '../resource-routes.ts';
import { certSchema, uuidParam } from '../schemas.ts';
import { addContactBody, bankHotLeadBody, editContactBody, hotLeadBody, verificationBody, type ContactCommand } from './commands.ts';
import { contactDecider, type ContactState } from './decider.ts';
import { knownBankName } from '../targets/names.ts';
import { eraseContact } from '../../privacy/erase.ts';
import { personalDataOf } from '../../privacy/subject-access.ts';
import { personalFields } from '../../privacy/personal-data.ts';
import type { HistoryRepeat } from '../history.ts';
import { contactStreamId, type Verification } from './events.ts';
import { closureFactsSql, closureOfFacts } from '../../regulator/queries/closure.ts';
import type { ClosureFacts } from '../../../../domain/bank-closure.ts';

type ContactRow = {
  id: string;
  bank_id: number;
  bank_name: string | null;
  current_bank_name: string | null;
  name: string;
  title: string;
  email: string | null;
  linkedin_url: string | null;
  is_hot_lead: boolean;
  tags: string[];
  verification_result: Verification['result'] | null;
  verification_score: number | null;
  verified_at: Date | null;
  replied_at: Date | null;
  do_not_contact: { reason: DoNotContactReason; since: string } | null;
  bank_closure_facts: ClosureFacts | null;
  version: number;
  created_at: Date;
  updated_at: Date;
};

function toApi(row: ContactRow): ContactRecord {
  return {
    id: row.id,
    bankId: row.bank_id,
    bankName: row.current_bank_name,
    name: row.name,
    title: row.title,
    email: row.email,
    linkedinUrl: row.linkedin_url,
    isHotLead: row.is_hot_lead,
    tags: row.tags,
    verification: row.verification_result
      ? { result: row.verification_result, score: row.verification_score, verifiedAt: row.verified_at?.toISOString() ?? null }
      : null,
    repliedAt: row.replied_at?.toISOString() ?? null,
    doNotContact: row.do_not_contact && { reason: row.do_not_contact.reason, since: new Date(row.do_not_contact.since).toISOString() },
    bankClosure: closureOfFacts(row.bank_closure_facts),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

/**
 * SQL: the contact's bank by the name every other screen gives it, the user's tracked bank's current
 * name (a bank renamed since the contact was added reads, sorts and is found by its new name), or the
 * name saved with the contact where the bank is not tracked.
 */
const currentBankNameSql = 'coalesce((select t.name from targets t where t.cert = contacts.bank_id and t.user_id = contacts.user_id), contacts.bank_name)';

/**
 * SQL: a contact's own texts a search matches (name, email, title and the bank's name saved with it),
 * folded as searches compare them and kept apart by a line break, which no search holds. The
 * expression of the trigram index `contacts_search_text_trgm`, written the same so the planner uses it.
 */
const contactSearchTextSql = `sort_text(coalesce(contacts.name, '') || E'\\n' || coalesce(contacts.email, '') || E'\\n' || coalesce(contacts.title, '') || E'\\n' || coalesce(contacts.bank_name, ''))`;

/**
 * What every contact a search (an ILIKE pattern) matches meets: its own texts hold the pattern
 * (`contactSearchTextSql`, trigram-indexed), or it is at one of the user's tracked banks whose current
 * name does (the few targets matched through their own trigram index, rather than each contact's bank
 * looked up). The planner reads the two sets by index, or, for a search within a bank, that bank's
 * contacts alone. The list then tests the fields themselves, so a bank's old saved name finds
 * nothing once the bank is tracked under a new one.
 */
const contactSearchNarrowing = (knex: Knex, userId: string, pattern: string) =>
  knex.raw(`(${contactSearchTextSql} like (select sort_text(?)) or contacts.bank_id = any(array(?)))`, [
    pattern,
    knex('targets').select('targets.cert').where('targets.user_id', userId).whereRaw('sort_text(targets.name) like (select sort_text(?))', [pattern]),
  ]);

const verificationChoices = new Set<string>([...verificationResults, 'none']);

/** One verification result or a list of them; `none` is a contact never checked. */
function verificationFilter(query: Knex.QueryBuilder, value: unknown) {
  const values = (Array.isArray(value) ? value : [value]).map(String);
  if (values.some((candidate) => !verificationChoices.has(candidate))) {
    throw new BadRequestError('verification must be deliverable, risky, undeliverable, unknown, error or none.');
  }
  const results = values.filter((candidate) => candidate !== 'none');
  query.where((inner) => {
    if (results.length) inner.whereIn('contacts.verification_result', results);
    if (values.includes('none')) inner.orWhereNull('contacts.verification_result');
  });
}

/**
 * An erasure with no personal data given to the contact since the one before: the same erasure
 * finished again. Builds before 0250 recorded an erasure they left undone, and the first start of a
 * later build erased each such contact again (by System, at the upgrade); erasing twice also
 * repeats it.
 */
const erasureRepeated: HistoryRepeat = (events, index) => {
  if (events[index].type !== 'ContactErased') return false;
  const earlier = events.slice(0, index).findLast((event) => event.type === 'ContactErased' || event.type in personalFields);
  return earlier?.type === 'ContactErased';
};

/**
 * A bank lists a person once: a contact is refused an email address (in any letter case) that
 * another contact of the same bank has, as an import skips such a row, so no one is written to twice.
 */
async function refuseAddressTaken(knex: Knex, userId: string, contact: ContactAddress, advice = 'edit that contact instead of adding the person again.'): Promise<void> {
  if (!contact.email) return;
  const holder: { name: string; email: string } | undefined = await knex('contacts')
    .where({ user_id: userId, bank_id: contact.bankId })
    .whereNot('id', contact.id)
    .whereRaw('lower(email) = lower(?)', [contact.email])
    .first('name', 'email');
  if (!holder) return;
  const message = `${holder.name} at this bank already has the address ${holder.email}: ${advice}`;
  throw new ConflictError(message, { issues: [{ path: 'email', message }] });
}

type ContactAddress = { id: string; bankId: number; email: string | null | undefined };

/**
 * A contact is of a bank FDIC insures or one the user tracks, as an import requires of each row; the
 * name it is filed under is that bank's (a bank the user does not track goes by FDIC's name for it).
 */
async function contactBankName(knex: Knex, userId: string, bankId: number): Promise<string> {
  const name = await knownBankName(knex, userId, bankId);
  if (name !== undefined) return name;
  const message = `No FDIC-insured bank has certificate ${bankId}.`;
  throw new BadRequestError(message, { issues: [{ path: 'bankId', message }] });
}

/**
 * Two writes of one address at the same moment both pass `refuseAddressTaken`, which reads the read
 * model before either is stored. Where projections are written in the append's transaction (the
 * PostgreSQL store), a unique index on the contacts a checked address was given to
 * (`contacts_address_held`) then fails the second append with its events. A reservation stream per
 * address, appended with the contact's events, was not chosen: neither store appends to two streams
 * in one step (EventStoreDB cannot), and a stream named by an address would keep it where erasing
 * the contact cannot reach. EventStoreDB's projectors run after the append, where the index would
 * only park the second contact: there the check before the command is all there is.
 */
export const holdsAddresses = (eventStore: EventStore) => eventStore.kind === 'postgres';

const addressHeldIndex = 'contacts_address_held';
/** Times an import is written before it gives up on contacts being added under it. */
const importAttempts = 3;

/** A write refused because a concurrent one gave the address to another contact of the bank first. */
const isAddressHeldElsewhere = (error: unknown) => {
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  return code === '23505' && constraint === addressHeldIndex;
};

/** The contact's bank and address once `changes` are made to it as it is now (undefined: no such contact). */
async function addressAfter(knex: Knex, userId: string, id: string, changes: { bankId?: number; email?: string | null }) {
  const current: { bank_id: number; email: string | null; address_held: boolean } | undefined = await knex('contacts').where({ user_id: userId, id }).first('bank_id', 'email', 'address_held');
  if (!current) return undefined;
  const next: ContactAddress = { id, bankId: changes.bankId ?? current.bank_id, email: changes.email === undefined ? current.email : changes.email };
  return { current, next, changed: next.bankId !== current.bank_id || next.email?.toLowerCase() !== current.email?.toLowerCase() };
}

/** The answer to a write that lost the address to a concurrent one: the holder's, as when it was stored first. */
async function refuseAddressTakenMeanwhile(knex: Knex, userId: string, contact: ContactAddress, advice?: string): Promise<never> {
  await refuseAddressTaken(knex, userId, contact, advice);
  const message = 'Another contact at this bank was given this address a moment ago: reload and try again.';
  throw new ConflictError(message, { issues: [{ path: 'email', message }] });
}

const restoreAdvice = 'edit or delete that contact before restoring this one.';
/** An edit adds nobody: the contact being edited needs another address (or that contact is the one to edit). */
const editAdvice = 'give this contact another address, or edit that contact instead.';

/** The Contacts resource; `holdAddresses` (see `holdsAddresses`) matters only to writes. */
export function contactsResource(knex: Knex, { holdAddresses } = { holdAddresses: false }): ResourceDefinition<ContactCommand, ContactRow> {
  return {
    resource: 'contacts',
    what: 'Contact',
    streamId: contactStreamId,
    decider: contactDecider,
    historyRepeat: erasureRepeated,
    // that the contact was erased is the erasure's own entry, not a field of it
    historyView: ({ ownerId: _owner, erased: _erased, ...fields }: ContactState) => fields,
    rows: (db, userId) => db('contacts').where('contacts.user_id', userId).select('contacts.*'),
    idColumn: 'contacts.id',
    idSchema: uuidParam,
    list: {
      sortable: {
        createdAt: 'contacts.created_at',
        updatedAt: 'contacts.updated_at',
        name: textOrder('contacts.name'),
        title: textOrder('contacts.title'),
        email: 'contacts.email',
        bankId: 'contacts.bank_id',
        // the looked-up column: the list is then cut after the lookups
        bankName: 'current_bank_name',
        isHotLead: 'contacts.is_hot_lead',
        verificationScore: 'contacts.verification_score',
        id: 'contacts.id',
      },
      defaultSort: { field: 'createdAt', order: 'DESC' },
      filters: {
        bankId: certFilter('contacts.bank_id'),
        isHotLead: booleanFilter('contacts.is_hot_lead'),
        replied: presentFilter('contacts.replied_at'),
        verification: verificationFilter,
        hasEmail: (query, value) => {
          if (value !== true && value !== false && value !== 'true' && value !== 'false') throw new BadRequestError('hasEmail must be true or false.');
          if (value === true || value === 'true') query.whereNotNull('contacts.email');
          else query.whereNull('contacts.email');
        },
        // whether an automation is going through the contact (one of its enrolments is running)
        inAutomation: (query, value) => {
          if (value !== true && value !== false && value !== 'true' && value !== 'false') throw new BadRequestError('inAutomation must be true or false.');
          const running = (inner: Knex.QueryBuilder) =>
            inner.select(knex.raw('1')).from('enrolments as e').whereRaw('e.contact_id = contacts.id and e.user_id = contacts.user_id').whereIn('e.status', runningEnrolmentStatuses);
          if (value === true || value === 'true') query.whereExists(running);
          else query.whereNotExists(running);
        },
      },
      searchColumns: ['contacts.name', 'contacts.email', 'contacts.title', { sql: currentBankNameSql }],
      searchNarrowing: contactSearchNarrowing,
      maxPageSize: 5000,
      // The bank's current name, and whether (and since when, and why) the contact's address is on the
      // user's Do Not Contact list.
      lookups: {
        table: 'contacts',
        columns: {
          current_bank_name: currentBankNameSql,
          // The list keeps addresses in lower case; a contact's is stored trimmed.
          do_not_contact: "select json_build_object('reason', s.reason, 'since', s.created_at) from suppressions s where s.user_id = contacts.user_id and s.email = lower(contacts.email)",
          // Whether the contact's bank has failed or been acquired since, so mail to it is sent knowingly.
          bank_closure_facts: closureFactsSql('contacts.bank_id'),
        },
      },
    },
    toApi,
    create: async (body, { userId, id, at }) => {
      const { bankId, bankName, name, title, email, linkedinUrl, tags, isHotLead, verification } = addContactBody.parse(body);
      const knownName = await contactBankName(knex, userId, bankId);
      await refuseAddressTaken(knex, userId, { id, bankId, email });
      return {
        type: 'AddContact',
        contactId: id,
        userId,
        at,
        fields: {
          bankId,
          bankName: bankName ?? knownName,
          name,
          title,
          email: email ?? null,
          linkedinUrl: linkedinUrl ?? null,
          tags: tags ?? [],
        },
        isHotLead: isHotLead ?? false,
        verification: verification ?? null,
        holdAddress: holdAddresses,
      };
    },
    update: async (body, { userId, id }) => {
      const changes = editContactBody.parse(body);
      const movedToName = changes.bankId === undefined ? null : await contactBankName(knex, userId, changes.bankId);
      const address = await addressAfter(knex, userId, id, changes);
      // Only a new address or bank is checked (and held): a pair saved before this rule can still be edited.
      if (address?.changed) await refuseAddressTaken(knex, userId, address.next, editAdvice);
      const holdAddress = holdAddresses && address !== undefined && (address.changed || address.current.address_held);
      return { type: 'EditContact', userId, changes, newBankName: movedToName, holdAddress };
    },
    remove: ({ userId }) => ({ type: 'DeleteContact', userId }),
    restore: async ({ userId, id }, deleted: ContactState, addedAt) => {
      // The address is checked as when the contact was added: another contact of its bank given it
      // since keeps it, and the restore is refused rather than bringing back a duplicate. Only the
      // owner's deleted contact is checked, so nobody learns another user's addresses.
      if (deleted.status === 'deleted' && deleted.ownerId === userId && !deleted.erased) await refuseAddressTaken(knex, userId, { id, ...deleted }, restoreAdvice);
      return { type: 'RestoreContact', contactId: id, userId, holdAddress: holdAddresses, addedAt };
    },
    explainRefusal: async (error, command, { userId, id }) => {
      if (!isAddressHeldElsewhere(error)) return;
      if (command.type === 'AddContact') await refuseAddressTakenMeanwhile(knex, userId, { id, ...command.fields });
      if (command.type === 'RestoreContact') {
        const message = 'Another contact at this bank was given this contact\'s address a moment ago: it cannot be restored while that contact has it.';
        throw new ConflictError(message, { issues: [{ path: 'email', message }] });
      }
      const address = command.type === 'EditContact' && (await addressAfter(knex, userId, id, command.changes));
      if (address) await refuseAddressTakenMeanwhile(knex, userId, address.next, editAdvice);
    },
  };
}

/** A contact of this user as the API answers it, or undefined (missing, deleted or someone else's). */
export async function readContactRecord(knex: Knex, userId: string, contactId: string) {
  const row: ContactRow | undefined = await recordRows(knex, contactsResource(knex), userId).where('contacts.id', contactId).first();
  return row && toApi(row);
}

/** Records an email check's outcome on the contact (a new fact each time) and answers the contact as it now is. */
export async function recordContactVerification(services: AppServices, userId: string, contactId: string, verification: Verification) {
  await handleCommand(services.eventStore, contactDecider, contactStreamId(contactId), { type: 'RecordEmailVerification', userId, verification, at: new Date().toISOString() });
  return readAfterCommit(() => readContactRecord(services.knex, userId, contactId));
}

export function contactRoutes(services: AppServices) {
  const { knex, eventStore } = services;
  const holdAddresses = holdsAddresses(eventStore);
  const definition = contactsResource(knex, { holdAddresses });
  const router = resourceRouter(services, definition);

  router.put('/:id/hot-lead', async (ctx) => {
    const { isHotLead } = hotLeadBody.parse(ctx.request.body ?? {});
    await runRecordCommand(ctx, services, definition, ctx.params.id, ({ userId }) => ({ type: 'SetHotLead' as const, userId, isHotLead }));
  });

  /** Erases the contact's personal data for good (GDPR); answers the contact as it now reads. */
  router.post('/:id/erase', async (ctx) => {
    const userId = signedInUser(ctx.state).id;
    const contactId = z.uuid().safeParse(ctx.params.id);
    if (!contactId.success) throw new RecordNotFound('Contact');
    await eraseContact(services, userId, contactId.data);
    ctx.body = (await readAfterCommit(() => readContactRecord(knex, userId, contactId.data))) ?? { id: contactId.data, erased: true };
  });

  /** Everything held on the contact, for answering their request to see it (a JSON file to download). */
  router.get('/:id/personal-data', async (ctx) => {
    const contactId = z.uuid().safeParse(ctx.params.id);
    if (!contactId.success) throw new RecordNotFound('Contact');
    ctx.set('Cache-Control', 'no-store');
    ctx.body = await personalDataOf(services, signedInUser(ctx.state), contactId.data);
  });

  // 'Mark replied': a reply stops every automation writing to this contact.
  router.put('/:id/replied', async (ctx) => {
    await runRecordCommand(ctx, services, definition, ctx.params.id, ({ userId, at }) => ({ type: 'MarkContactReplied' as const, userId, at }));
  });

  router.put('/:id/verification', async (ctx) => {
    const verification = verificationBody.parse(ctx.request.body ?? {});
    await runRecordCommand(ctx, services, definition, ctx.params.id, ({ userId, at }) => ({ type: 'RecordEmailVerification' as const, userId, verification, at }));
  });

  const importBody = z.object({ csv: z.string({ error: 'Choose a CSV file to import.' }), mapping: z.unknown().optional(), skipInvalid: z.boolean().optional() }).strict();
  /** The file and its mapping checked: what an import would add, skip and refuse, and `again` to work that out anew against the contacts as they are then. */
  const plan = async (ctx: Context) => {
    const body = importBody.parse(ctx.request.body ?? {});
    const csv = parseContactsCsv(body.csv);
    const mapping = mappingSchema(csv.columns).safeParse(body.mapping ?? {});
    if (!mapping.success) {
      const issues = mapping.error.issues.map((issue) => ({ path: ['mapping', ...issue.path].join('.'), message: issue.message }));
      throw new BadRequestError(issues.map((issue) => issue.message).join(' '), { issues });
    }
    const again = async () => planImport(csv, mapping.data, await loadImportContext(knex, signedInUser(ctx.state).id, csv, mapping.data));
    return { body, plan: await again(), again };
  };
  const counts = ({ total, contacts, duplicates, errors }: ImportPlan) => ({
    total,
    valid: contacts.length,
    duplicates,
    invalid: new Set(errors.map((error) => error.row)).size,
    errors: errors.slice(0, 1000),
  });

  router.post('/import/preview', async (ctx) => {
    const { csv } = importBody.parse(ctx.request.body ?? {});
    const parsed = parseContactsCsv(csv);
    ctx.body = {
      columns: parsed.columns,
      rowCount: parsed.rows.length,
      sampleRows: parsed.rows.slice(0, 5).map(({ cells }) => Object.fromEntries(parsed.columns.map((column, index) => [column, cells[index] ?? '']))),
      mapping: suggestMapping(parsed.columns),
    };
  });

  router.post('/import/dry-run', async (ctx) => {
    const { plan: checked } = await plan(ctx);
    ctx.body = { ...counts(checked), sample: checked.contacts.slice(0, 10) };
  });

  // One ContactAdded per new contact, all under one correlation id with source "import", in one transaction.
  // A contact given one of the file's addresses while the import is written fails the import's
  // transaction (see holdsAddresses): planned again, the file skips that row as a duplicate.
  router.post('/import', async (ctx) => {
    const { body, plan: first, again } = await plan(ctx);
    const userId = signedInUser(ctx.state).id;
    const at = new Date().toISOString();
    const correlationId = randomUUID();
    const context = currentContext();
    for (let attempt = 1, checked = first; ; attempt += 1, checked = await again()) {
      if (checked.errors.length && !body.skipInvalid) {
        throw new BadRequestError(`${counts(checked).invalid} rows cannot be imported; fix them or import the others only.`, { ...counts(checked) });
      }
      const streams = checked.contacts.map(({ isHotLead, ...fields }) => {
        const contactId = randomUUID();
        const events = contactDecider.decide({ type: 'AddContact', contactId, userId, fields, isHotLead, verification: null, at, holdAddress: holdAddresses }, contactDecider.initialState());
        return { streamId: contactStreamId(contactId), events };
      });
      try {
        await runWithContext({ ...context!, correlationId, source: 'import' }, () => eventStore.appendNewStreams(streams));
      } catch (error) {
        if (!isAddressHeldElsewhere(error)) throw error;
        if (attempt < importAttempts) continue;
        throw new ConflictError('Contacts of these banks are being added right now. Please import the file again in a moment.');
      }
      const { valid: _valid, ...rest } = counts(checked);
      ctx.body = { correlationId, imported: streams.length, ...rest };
      return;
    }
  });

  // Every contact of one bank at once; answers that bank's contacts as they now are.
  router.put('/toggle-hot-lead/:bankId', async (ctx) => {
    const user = signedInUser(ctx.state);
    const bankId = certSchema.parse(ctx.params.bankId);
    const { setAsHot } = bankHotLeadBody.parse(ctx.request.body ?? {});
    const ids: string[] = await knex('contacts').where({ user_id: user.id, bank_id: bankId }).orderBy('created_at').pluck('id');
    for (const id of ids) {
      try {
        await handleCommand(eventStore, contactDecider, contactStreamId(id), { type: 'SetHotLead', userId: user.id, isHotLead: setAsHot });
      } catch (error) {
        if (!(error instanceof RecordNotFound)) throw error; // deleted meanwhile: nothing to mark
      }
    }
    const rows: ContactRow[] = await readAfterCommit(() => recordRows(knex, definition, user.id).where('contacts.bank_id', bankId).orderBy('contacts.created_at', 'desc'));
    ctx.body = rows.map(toApi);
  });
  return router;
}
