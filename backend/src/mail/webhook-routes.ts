import Router from '@koa/router';
import type { Context } from 'koa';
import { handleCommand } from '../commands/handle-command.ts';
import { runWithContext, systemContext } from '../context/request-context.ts';
import { BadRequestError, HttpError } from '../http/errors.ts';
import { sentEmailDecider } from '../outreach/sent-emails/decider.ts';
import type { ProviderReport } from '../outreach/sent-emails/commands.ts';
import { suppressionDecider } from '../outreach/suppressions/decider.ts';
import type { DoNotContactReason } from '../../../domain/records/do-not-contact.ts';
import { suppressionStreamId } from '../outreach/suppressions/events.ts';
import type { AppServices } from '../services.ts';
import { readUserSecrets } from '../settings/settings.ts';
import { emailIdOf, isFresh, isGenuineSignature, mailgunWebhookSchema, reportOf, webhookFreshnessMs } from './mailgun-webhook.ts';
import { bouncedAddressDetail, sentEmailStreamId } from './outbox.ts';

/** 406 tells Mailgun the call was refused for good: it does not retry it. */
const refused = (message: string) => new HttpError(406, message);

/** Which reports put the address on the Do Not Contact list, and why: a temporary failure does not. */
function suppressionReason(report: ProviderReport): DoNotContactReason | null {
  if (report.kind === 'bounced') return report.severity === 'permanent' ? 'bounced' : null;
  return report.kind;
}

const suppressionDetail: Record<string, string> = {
  bounced: bouncedAddressDetail('mailgun'),
  complained: 'The recipient marked our email as spam (reported by Mailgun).',
  unsubscribed: 'The recipient unsubscribed through Mailgun.',
};

type EmailRow = { id: string; user_id: string; recipient_email: string; contact_id: string | null };

/**
 * `POST /api/public/mailgun/events`: Mailgun's event webhooks, called without signing in. A call is
 * taken only when it names an email we sent through Mailgun, carries the signature of its sender's
 * webhook signing key (Settings), is fresh and was not taken before. A permanent failure, a spam
 * complaint or an unsubscribe is recorded on the email and puts the address on the sender's Do Not
 * Contact list, which stops their enrolments of the contact and refuses any later send.
 */
export function mailgunWebhookRoutes(services: AppServices, now: () => Date = () => new Date()): Router {
  const { knex, eventStore, secrets } = services;
  const router = new Router({ prefix: '/api/public/mailgun' });

  router.post('/events', async (ctx: Context) => {
    const parsed = mailgunWebhookSchema.safeParse(ctx.request.body);
    if (!parsed.success) throw new BadRequestError('Not a Mailgun event webhook: expected { signature: { timestamp, token, signature }, "event-data": { id, event, ... } }.');
    const { signature, 'event-data': event } = parsed.data;
    if (!isFresh(signature.timestamp, now())) throw refused(`The webhook's timestamp is more than ${webhookFreshnessMs / 60_000} minutes away from now: refused as a replay.`);
    const emailId = emailIdOf(event);
    const email: EmailRow | undefined = emailId ? await knex('sent_emails').where({ id: emailId }).first('id', 'user_id', 'recipient_email', 'contact_id') : undefined;
    // One answer for an unknown email, a sender without a key and a wrong signature: nothing to learn by probing.
    const key = email ? (await readUserSecrets(knex, secrets, email.user_id)).mailgunWebhookSigningKey : null;
    if (!email || !key || !isGenuineSignature(key, signature)) throw refused('The webhook signature does not match.');
    const taken = await knex('mailgun_webhook_tokens').insert({ token: signature.token }).onConflict('token').ignore().returning('token');
    if (taken.length === 0) throw refused('This webhook call was already taken: refused as a replay.');
    await knex('mailgun_webhook_tokens').where('received_at', '<', new Date(now().getTime() - 2 * webhookFreshnessMs)).delete();

    const report = reportOf(event);
    if (!report) {
      ctx.body = { status: 'ignored', event: event.event };
      return;
    }
    const userId = email.user_id;
    const at = now().toISOString();
    const reason = suppressionReason(report);
    await runWithContext(systemContext({ userId, source: 'api' }), async () => {
      await handleCommand(eventStore, sentEmailDecider, sentEmailStreamId(email.id), { type: 'RecordProviderReport', userId, report, at });
      if (reason) {
        await handleCommand(eventStore, suppressionDecider, suppressionStreamId(userId), {
          type: 'SuppressAddress',
          userId,
          email: email.recipient_email,
          reason,
          contactId: email.contact_id,
          detail: suppressionDetail[reason],
          at,
        });
      }
    });
    ctx.body = { status: 'recorded', event: event.event };
  });
  return router;
}
