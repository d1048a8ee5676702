import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { handleCommand } from '../commands/handle-command.ts';
import { WrongExpectedVersionError, type EventStore, type NewEvent } from '../eventstore/types.ts';
import { logger } from '../logging/logger.ts';
import { runWithContext, systemContext } from '../context/request-context.ts';
import type { SentEmailCommand } from '../outreach/sent-emails/commands.ts';
import { sentEmailDecider, type SentEmailState } from '../outreach/sent-emails/decider.ts';
import { suppressionDecider } from '../outreach/suppressions/decider.ts';
import { suppressionStreamId } from '../outreach/suppressions/events.ts';
import { backoffDelay } from '../regulator/clients/http.ts';
import { bouncedAddressDetail, doNotContactMessage, sentEmailStreamId } from './outbox.ts';
import { htmlOfText, type MailTransport, type SendOutcome } from './transport.ts';
import { noMailServiceReason, type TransportFinder } from './transports.ts';
import { createPollingWorker, handleBatch, type PollingWorker } from '../jobs/polling-worker.ts';

export type DispatcherOptions = {
  knex: Knex;
  eventStore: EventStore;
  transportFor: TransportFinder;
  /** Names this dispatcher in its claims (process and instance). */
  dispatcherId?: string;
  /** Emails read per round, and sent at the same time. */
  batchSize?: number;
  concurrency?: number;
  /** How often an idle dispatcher looks for due mail (a queue in this process wakes it at once). */
  pollIntervalMs?: number;
  /**
   * A claim older than this was never settled: its dispatcher died between calling the provider and
   * recording the answer, so the email becomes `unknown`. Longer than any provider call can take.
   */
  staleClaimAfterMs?: number;
  /** Attempts in all for an email the provider keeps deferring (429, 5xx, unreachable). */
  maxAttempts?: number;
  retryBaseDelayMs?: number;
  retryMaxDelayMs?: number;
  /** The clock, for tests. */
  now?: () => Date;
};

export type Dispatcher = PollingWorker & {
  /** One round: settles stale claims, then sends what is due. Returns how many emails it handled (one whose handling failed is not counted). */
  drainOnce(): Promise<number>;
};

type DueEmail = {
  id: string;
  user_id: string;
  recipient_name: string | null;
  recipient_email: string;
  contact_id: string | null;
  subject: string;
  body: string;
  unsubscribe_url: string | null;
  attempts: number;
  version: number;
  /** Why the address is on the user's Do Not Contact list, when it is. */
  suppressed: string | null;
};

/**
 * The outbox dispatcher. Each email is claimed with an append at the stream version it was read at
 * (EmailSendClaimed), so of several dispatchers exactly one wins it, and the claim is on record
 * before the provider is called. The answer is then recorded: sent, failed, deferred for a retry
 * (the provider was busy and took nothing), or unknown. An email whose claim is never settled (the
 * dispatcher died mid-send) becomes `unknown` for the user to resend or dismiss: it is never sent
 * again by itself.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { knex, eventStore, transportFor } = options;
  const dispatcherId = options.dispatcherId ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const batchSize = options.batchSize ?? 100;
  const concurrency = options.concurrency ?? 10;
  const pollIntervalMs = options.pollIntervalMs ?? 2_000;
  const staleClaimAfterMs = options.staleClaimAfterMs ?? 5 * 60_000;
  const maxAttempts = options.maxAttempts ?? 4;
  const retry = { retries: maxAttempts - 1, baseDelayMs: options.retryBaseDelayMs ?? 5_000, maxDelayMs: options.retryMaxDelayMs ?? 5 * 60_000 };
  const now = options.now ?? (() => new Date());

  /** Every append is stamped as the email's owner's, by the system. */
  const record = (userId: string, emailId: string, command: SentEmailCommand) =>
    runWithContext(systemContext({ userId }), () => handleCommand(eventStore, sentEmailDecider, sentEmailStreamId(emailId), command));

  /**
   * Decides against the state the read row shows and appends at its version, without reading the
   * stream first (two fewer reads per email). If the stream moved on, the append fails: a claim is
   * then simply lost to whoever moved it; an outcome is decided again on the stream as it is.
   */
  async function recordAt(email: DueEmail, state: SentEmailState, version: number, command: SentEmailCommand): Promise<{ state: SentEmailState; version: number } | 'moved'> {
    const events = sentEmailDecider.decide(command, state);
    if (events.length === 0) return { state, version };
    try {
      await runWithContext(systemContext({ userId: email.user_id }), () => eventStore.append(sentEmailStreamId(email.id), events as unknown as NewEvent[], { expectedVersion: version }));
    } catch (error) {
      if (error instanceof WrongExpectedVersionError) return 'moved';
      throw error;
    }
    return { state: events.reduce(sentEmailDecider.evolve, state), version: version + events.length };
  }

  async function settleStaleClaims(): Promise<void> {
    const stale: Array<{ id: string; user_id: string }> = await knex('sent_emails')
      .where('status', 'sending')
      .where('claimed_at', '<', new Date(now().getTime() - staleClaimAfterMs))
      .limit(batchSize)
      .select('id', 'user_id');
    for (const email of stale) {
      await record(email.user_id, email.id, {
        type: 'MarkEmailDeliveryUnknown',
        userId: email.user_id,
        at: now().toISOString(),
        reason: 'Sending was interrupted after the mail service was called, so it may or may not have been sent. Resend it or dismiss it.',
      });
    }
  }

  async function deliver(email: DueEmail, senders: Map<string, Promise<{ name: string | null; email: string } | undefined>>, transports: Map<string, Promise<MailTransport | null>>) {
    const userId = email.user_id;
    const queuedState: SentEmailState = { status: 'active', ownerId: userId, delivery: 'queued', attempts: email.attempts, providerEvents: new Set() };
    const claim = await recordAt(email, queuedState, email.version, { type: 'ClaimEmailSend', userId, dispatcherId, at: now().toISOString() });
    if (claim === 'moved') return; // another dispatcher has it
    const settle = async (command: SentEmailCommand) => {
      if ((await recordAt(email, claim.state, claim.version, command)) === 'moved') await record(userId, email.id, command);
    };
    // Checked again at each attempt: an email waiting for a retry may meanwhile be to someone who
    // unsubscribed, was put on the list, or was erased.
    if (email.suppressed) {
      await settle({ type: 'RecordEmailSendFailure', userId, at: now().toISOString(), reason: doNotContactMessage(email.recipient_email, email.suppressed) });
      return;
    }
    if (!email.recipient_email) {
      await settle({ type: 'RecordEmailSendFailure', userId, at: now().toISOString(), reason: "Not sent: the recipient's personal data was erased." });
      return;
    }
    if (!transports.has(userId)) transports.set(userId, transportFor(userId));
    if (!senders.has(userId)) senders.set(userId, knex('users').where({ id: userId }).first('name', 'email'));
    const [transport, sender] = await Promise.all([transports.get(userId)!, senders.get(userId)!]);
    const at = () => now().toISOString();
    if (!transport || !sender) {
      await settle({ type: 'RecordEmailSendFailure', userId, at: at(), reason: noMailServiceReason });
      return;
    }
    const outcome: SendOutcome = await transport
      .send({
        emailId: email.id,
        from: { name: sender.name || null, email: sender.email },
        to: { name: email.recipient_name, email: email.recipient_email },
        subject: email.subject,
        text: email.body,
        html: htmlOfText(email.body),
        unsubscribeUrl: email.unsubscribe_url,
      })
      .catch((error: unknown) => ({ kind: 'unknown' as const, reason: `The mail service failed unexpectedly: ${error instanceof Error ? error.message : String(error)}` }));
    switch (outcome.kind) {
      case 'sent':
        await settle({ type: 'ConfirmEmailSent', userId, sentAt: at(), providerMessageId: outcome.providerMessageId, transport: transport.kind });
        return;
      case 'failed':
        await settle({ type: 'RecordEmailSendFailure', userId, at: at(), reason: outcome.reason });
        return;
      // As a permanent bounce reported by Mailgun: the address goes on the Do Not Contact list, which
      // stops the sender's automations of the contact and refuses any later send to it.
      case 'bounced':
        await settle({ type: 'RecordEmailSendFailure', userId, at: at(), reason: outcome.reason });
        await runWithContext(systemContext({ userId }), () =>
          handleCommand(eventStore, suppressionDecider, suppressionStreamId(userId), {
            type: 'SuppressAddress',
            userId,
            email: email.recipient_email,
            reason: 'bounced',
            contactId: email.contact_id,
            detail: bouncedAddressDetail(transport.kind),
            at: at(),
          }),
        );
        return;
      case 'unknown':
        await settle({ type: 'MarkEmailDeliveryUnknown', userId, at: at(), reason: outcome.reason });
        return;
      case 'retry': {
        const attempt = claim.state.attempts;
        if (attempt >= maxAttempts) {
          await settle({ type: 'RecordEmailSendFailure', userId, at: at(), reason: `${outcome.reason} Gave up after ${attempt} attempts.` });
          return;
        }
        const delay = Math.max(outcome.retryAfterMs ?? 0, backoffDelay(retry, attempt));
        await settle({ type: 'DeferEmailSend', userId, at: at(), reason: outcome.reason, retryAt: new Date(now().getTime() + delay).toISOString() });
      }
    }
  }

  async function drainOnce(): Promise<number> {
    await settleStaleClaims();
    const due: DueEmail[] = await knex('sent_emails as m')
      .leftJoin('suppressions as s', (join) => join.on('s.user_id', 'm.user_id').andOn('s.email', knex.raw('lower(btrim(m.recipient_email))')))
      .where('m.status', 'queued')
      .where('m.next_attempt_at', '<=', now())
      .orderBy('m.next_attempt_at')
      .limit(batchSize)
      .select('m.id', 'm.user_id', 'm.recipient_name', 'm.recipient_email', 'm.contact_id', 'm.subject', 'm.body', 'm.unsubscribe_url', 'm.attempts', 'm.version', 's.reason as suppressed');
    const senders = new Map<string, Promise<{ name: string | null; email: string } | undefined>>();
    const transports = new Map<string, Promise<MailTransport | null>>();
    return handleBatch(due, concurrency, (email) => deliver(email, senders, transports), (email, error) =>
      // The claim stays on record: if the outcome could not be recorded the email turns unknown later, never twice sent.
      logger.error('mail dispatch failed', { emailId: email.id, error: error instanceof Error ? error.message : String(error) }),
    );
  }

  return { ...createPollingWorker({ name: 'mail dispatcher', pollIntervalMs, round: drainOnce }), drainOnce };
}
