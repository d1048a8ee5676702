import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { whyOnDoNotContact } from '../../../domain/records/do-not-contact.ts';
import { handleCommand } from '../commands/handle-command.ts';
import type { EventStore } from '../eventstore/types.ts';
import { BadRequestError, NotATargetError, NotFoundError } from '../http/errors.ts';
import type { MailTransportKind } from '../outreach/sent-emails/commands.ts';
import { sentEmailDecider } from '../outreach/sent-emails/decider.ts';
import { normalisedEmail } from '../outreach/suppressions/decider.ts';
import { noMailServiceMessage, type TransportFinder } from './transports.ts';

export const sentEmailStreamId = (emailId: string) => `sent-email-${emailId}`;

export type EmailToQueue = {
  userId: string;
  to: string;
  recipientName?: string | null;
  subject: string;
  body: string;
  contactId?: string | null;
  bankId?: number | null;
  resendOf?: string;
  /** An automated email's one-click unsubscribe address: sent as its List-Unsubscribe header. */
  unsubscribeUrl?: string | null;
  /** A caller that may repeat itself (automation) names the email: queueing the same id twice is refused with a conflict. */
  id?: string;
  /** When it is queued (and due): automation's clock, which tests move; now by default. */
  queuedAt?: Date;
};

/** Why an email to an address on the Do Not Contact list is not sent. */
export const doNotContactMessage = (address: string, reason: string) => `Not sent: ${address} is on your Do Not Contact list (${whyOnDoNotContact(reason)}).`;

const bounceReporter: Record<MailTransportKind, string> = { mailgun: 'Mailgun', smtp: 'the SMTP server' };

/** Why an address whose mail bounced for good is on the Do Not Contact list, naming the service that said so. */
export const bouncedAddressDetail = (transport: MailTransportKind) => `Mail to this address bounced for good (reported by ${bounceReporter[transport]}).`;

export type Outbox = {
  /** Appends EmailQueued and returns at once; a dispatcher sends it. Refuses before queueing when no mail service is configured. */
  queue(email: EmailToQueue): Promise<{ id: string }>;
};

/** The refusal of an email whose user has no mail service to send it with. */
export class NoMailServiceError extends BadRequestError {
  constructor() {
    super(noMailServiceMessage);
  }
}

/**
 * The outbox's front door, for the send route and for server code (automation). The contact must be
 * the user's own, and the bank one of their targets or the contact's; the contact's name and bank
 * fill in what the caller left out.
 */
export function createOutbox(deps: { knex: Knex; eventStore: EventStore; transportFor: TransportFinder; onQueued?: () => void }): Outbox {
  return {
    async queue(email) {
      const suppressed = await deps.knex('suppressions').where({ user_id: email.userId, email: normalisedEmail(email.to) }).first('reason');
      if (suppressed) throw new BadRequestError(doNotContactMessage(email.to, suppressed.reason));
      if (!(await deps.transportFor(email.userId))) throw new NoMailServiceError();
      let bankId = email.bankId ?? null;
      let recipientName = email.recipientName?.trim() || null;
      let contactBank: { cert: number | null; name: string | null } = { cert: null, name: null };
      if (email.contactId) {
        const contact = await deps.knex('contacts').where({ id: email.contactId, user_id: email.userId }).first('name', 'bank_id', 'bank_name');
        if (!contact) throw new NotFoundError('Contact');
        recipientName ??= contact.name;
        bankId ??= contact.bank_id;
        contactBank = { cert: contact.bank_id, name: contact.bank_name };
      }
      let bankName: string | null = null;
      if (bankId !== null) {
        const target = await deps.knex('targets').where({ cert: bankId, user_id: email.userId }).first('name');
        // The contact's own bank needs no tracking (the user may have stopped tracking it, or never
        // did): it is named as the contact's record names it. Any other bank must be a target.
        if (!target && bankId !== contactBank.cert) throw new NotATargetError(bankId);
        bankName = target?.name ?? contactBank.name;
      }
      const id = email.id ?? randomUUID();
      await handleCommand(deps.eventStore, sentEmailDecider, sentEmailStreamId(id), {
        type: 'QueueEmail',
        emailId: id,
        userId: email.userId,
        at: (email.queuedAt ?? new Date()).toISOString(),
        resendOf: email.resendOf,
        unsubscribeUrl: email.unsubscribeUrl ?? undefined,
        message: { contactId: email.contactId ?? null, bankId, bankName, recipientName, recipientEmail: email.to, subject: email.subject, body: email.body },
      });
      deps.onQueued?.();
      return { id };
    },
  };
}
