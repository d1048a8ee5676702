import type { Knex } from 'knex';
import { deliveryStatuses, type DeliveryStatus, type SentEmailRecord } from '../../../../domain/records/sent-email.ts';
import { BadRequestError, HttpError } from '../../http/errors.ts';
import { certFilter, textOrder } from '../../http/simple-rest.ts';
import type { AppServices } from '../../services.ts';
import { resourceRouter, type ResourceDefinition } from '../resource-routes.ts';
import { uuidParam } from '../schemas.ts';
import { recordSentEmailBody, type SentEmailCommand } from './commands.ts';
import { sentEmailDecider } from './decider.ts';

type SentEmailRow = {
  id: string;
  contact_id: string | null;
  bank_id: number | null;
  bank_name: string | null;
  recipient_name: string | null;
  recipient_email: string;
  subject: string;
  body: string;
  status: DeliveryStatus;
  failure_reason: string | null;
  sent_at: Date | null;
  queued_at: Date | null;
  attempts: number;
  provider_message_id: string | null;
  transport: string | null;
  resend_of: string | null;
  recipient_on_do_not_contact: boolean;
  version: number;
  created_at: Date;
  updated_at: Date;
};

export const sentEmailsResource: ResourceDefinition<SentEmailCommand, SentEmailRow> = {
  resource: 'sent-emails',
  what: 'Sent email',
  streamId: (id) => `sent-email-${id}`,
  decider: sentEmailDecider,
  // The bank's name as given when sent; failing that, the user's tracked bank's name. An email not sent
  // yet sorts by when it was queued, so the newest mail is first whatever its state. Whether the recipient
  // is on the user's Do Not Contact list now (it keeps addresses trimmed and in lower case) decides if a resend is offered.
  rows: (knex: Knex, userId: string) =>
    knex('sent_emails')
      .leftJoin('targets', (join) => join.on('targets.cert', 'sent_emails.bank_id').andOn('targets.user_id', 'sent_emails.user_id'))
      .where('sent_emails.user_id', userId)
      .select(
        ...[
          'id', 'contact_id', 'bank_id', 'recipient_name', 'recipient_email', 'subject', 'body', 'status', 'failure_reason', 'sent_at', 'queued_at',
          'attempts', 'provider_message_id', 'transport', 'resend_of', 'version', 'created_at', 'updated_at',
        ].map(
          (column) => `sent_emails.${column}`,
        ),
        knex.raw('coalesce(sent_emails.bank_name, targets.name) as bank_name'),
        knex.raw('coalesce(sent_emails.sent_at, sent_emails.queued_at, sent_emails.created_at) as sort_at'),
        knex.raw(
          'exists (select 1 from suppressions where suppressions.user_id = sent_emails.user_id and suppressions.email = lower(trim(sent_emails.recipient_email))) as recipient_on_do_not_contact',
        ),
      ),
  idColumn: 'sent_emails.id',
  idSchema: uuidParam,
  list: {
    sortable: {
      sentAt: 'sort_at',
      queuedAt: 'sent_emails.queued_at',
      createdAt: 'sent_emails.created_at',
      recipientName: textOrder('sent_emails.recipient_name'),
      subject: textOrder('sent_emails.subject'),
      id: 'sent_emails.id',
    },
    defaultSort: { field: 'sentAt', order: 'DESC' },
    filters: {
      bankId: certFilter('sent_emails.bank_id'),
      contactId: (query, value) => {
        const contactId = uuidParam.safeParse(value);
        if (!contactId.success) throw new BadRequestError('Filter contactId must be a contact id.');
        query.where('sent_emails.contact_id', contactId.data);
      },
      status: (query, value) => {
        const statuses = (Array.isArray(value) ? value : [value]).map(String);
        if (!statuses.every((status) => (deliveryStatuses as readonly string[]).includes(status))) {
          throw new BadRequestError(`Filter status must be one of ${deliveryStatuses.join(', ')}.`);
        }
        query.whereIn('sent_emails.status', statuses);
      },
    },
    searchColumns: ['sent_emails.recipient_name', 'sent_emails.recipient_email', 'sent_emails.bank_name', 'targets.name', 'sent_emails.subject'],
  },
  toApi: (row): SentEmailRecord => ({
    id: row.id,
    contactId: row.contact_id,
    bankId: row.bank_id,
    bankName: row.bank_name,
    recipientName: row.recipient_name,
    recipientEmail: row.recipient_email,
    subject: row.subject,
    body: row.body,
    status: row.status,
    failureReason: row.failure_reason,
    attempts: row.attempts,
    providerMessageId: row.provider_message_id,
    transport: row.transport,
    resendOf: row.resend_of,
    recipientOnDoNotContact: row.recipient_on_do_not_contact,
    queuedAt: (row.queued_at ?? row.created_at).toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  }),
};

/** Sent mail is a log: it is never edited or deleted, whoever asks. */
function refuseChange(): never {
  throw new HttpError(405, 'Sent emails cannot be changed.');
}

export function sentEmailRoutes(services: AppServices) {
  const router = resourceRouter(services, {
    ...sentEmailsResource,
    // Records an email sent elsewhere; a contact it names must be the user's own.
    create: async (body, { userId, id, at }) => {
      const { sentAt, ...message } = recordSentEmailBody.parse(body);
      const contactIsTheirs = message.contactId === null || (await services.knex('contacts').where({ id: message.contactId, user_id: userId }).first('id')) !== undefined;
      return { type: 'RecordSentEmail' as const, emailId: id, userId, message, sentAt: sentAt ?? at, at, contactIsTheirs };
    },
  });
  for (const method of ['put', 'patch', 'delete'] as const) {
    router[method]('/:id', (ctx) => {
      ctx.set('Allow', 'GET');
      refuseChange();
    });
  }
  return router;
}
