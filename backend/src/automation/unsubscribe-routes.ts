import Router from '@koa/router';
import type { Context } from 'koa';
import { z } from 'zod';
import { handleCommand } from '../commands/handle-command.ts';
import { runWithContext, systemContext } from '../context/request-context.ts';
import { EventStoreUnavailableError } from '../eventstore/types.ts';
import { isDatabaseUnavailable } from '../http/errors.ts';
import { enrolmentDecider } from '../outreach/enrolments/decider.ts';
import { enrolmentStreamId } from '../outreach/enrolments/events.ts';
import { normalisedEmail, suppressionDecider } from '../outreach/suppressions/decider.ts';
import { suppressionStreamId } from '../outreach/suppressions/events.ts';
import type { AppServices } from '../services.ts';
import { stepRecordId } from './record-ids.ts';
import { readUnsubscribeToken } from './unsubscribe-token.ts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where the unsubscribe links of automated mail point. */
export const unsubscribeRoutePrefix = '/api/public/unsubscribe';

/**
 * The form a mail program posts when its own Unsubscribe is clicked (RFC 8058), with nobody at a
 * page: it is answered in plain text.
 */
const oneClickForm = z.object({ 'List-Unsubscribe': z.literal('One-Click') });

/** A page for a person in a browser; for a one-click post, only its title, as plain text. */
function page(ctx: Context, status: number, title: string, body: string, asText = false): void {
  ctx.status = status;
  ctx.set('Cache-Control', 'no-store');
  if (asText) {
    ctx.type = 'text/plain; charset=utf-8';
    ctx.body = `${title}.`;
    return;
  }
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; color: #1f2937; line-height: 1.5"><h1 style="font-size: 1.4rem">${escapeHtml(title)}</h1>${body}</body></html>`;
}

/** The enrolment a link stands for, with the addresses it unsubscribes. */
type Enrolment = { id: string; user_id: string; contact_id: string; workflow_name: string; emails: string[] };

const invalid = (ctx: Context, asText = false) => page(ctx, 404, 'This unsubscribe link is not valid', '<p>Copy the whole link from the email into your browser and try again.</p>', asText);

/**
 * The unsubscribe link of automated mail, answered without signing in. Opening it asks to confirm
 * (link scanners in mail systems open links, and must not unsubscribe anyone); confirming puts the
 * address on the sender's Do Not Contact list and stops the enrolment, both recorded as events.
 * The address is the one the email went to, not the contact's as it is now: a contact given a new
 * address (a typo corrected, a new job) would otherwise have it shown to, and unsubscribed by,
 * whoever reads the old one. A link mailed before links named their email stands for every address
 * the enrolment wrote to, and its page names none unless there is one. A mail program's one-click
 * post to the link unsubscribes as confirming does, at once.
 */
export function unsubscribeRoutes(services: AppServices): Router {
  const { knex, eventStore, jwtSecret } = services;
  const router = new Router({ prefix: unsubscribeRoutePrefix });

  const enrolmentOf = async (token: string): Promise<Enrolment | undefined> => {
    const claim = readUnsubscribeToken(jwtSecret, token);
    if (!claim) return undefined;
    const enrolment: Omit<Enrolment, 'emails'> & { steps: unknown[] } | undefined = await knex('enrolments')
      .where({ id: claim.enrolmentId, user_id: claim.userId })
      .first('id', 'user_id', 'contact_id', 'workflow_name', 'steps');
    if (!enrolment) return undefined;
    const emailIds = claim.emailId ? [claim.emailId] : enrolment.steps.map((_, index) => stepRecordId(enrolment.id, index, 'email'));
    const sentTo: string[] = await knex('sent_emails').where('user_id', claim.userId).whereIn('id', emailIds).pluck('recipient_email');
    // an erased contact's emails keep no address
    const emails = [...new Set(sentTo.filter(Boolean).map(normalisedEmail))];
    return { id: enrolment.id, user_id: enrolment.user_id, contact_id: enrolment.contact_id, workflow_name: enrolment.workflow_name, emails };
  };

  router.get('/:token', async (ctx) => {
    const enrolment = await enrolmentOf(ctx.params.token);
    if (!enrolment) return invalid(ctx);
    page(
      ctx,
      200,
      'Unsubscribe',
      `<p>Stop receiving these emails${enrolment.emails.length === 1 ? ` at <strong>${escapeHtml(enrolment.emails[0])}</strong>` : ''}?</p>
<form method="post"><button type="submit" style="font-size: 1rem; padding: 0.5rem 1.25rem; cursor: pointer">Unsubscribe</button></form>`,
    );
  });

  router.post('/:token', async (ctx) => {
    const oneClick = oneClickForm.safeParse(ctx.request.body).success;
    const enrolment = await enrolmentOf(ctx.params.token);
    if (!enrolment) return invalid(ctx, oneClick);
    try {
      await stopWriting(enrolment, new Date().toISOString());
    } catch (error) {
      // The person is in a browser (or their mail program posted), not an app: a page (or its text) saying to come back, not an error's JSON.
      if (!(error instanceof EventStoreUnavailableError) && !isDatabaseUnavailable(error)) throw error;
      ctx.set('Retry-After', '60');
      return page(ctx, 503, 'You are not unsubscribed yet', '<p>We could not record your request just now. Please open the link again in a few minutes.</p>', oneClick);
    }
    page(ctx, 200, 'You are unsubscribed', '<p>You will not receive these emails any more.</p>', oneClick);
  });

  /** Puts the addresses on the sender's Do Not Contact list and stops the enrolment; both do nothing when done already, so a retry is safe. */
  const stopWriting = (enrolment: Enrolment, at: string) => {
    const userId = enrolment.user_id;
    return runWithContext(systemContext({ userId, source: 'api' }), async () => {
      for (const email of enrolment.emails) {
        await handleCommand(eventStore, suppressionDecider, suppressionStreamId(userId), {
          type: 'SuppressAddress',
          userId,
          email,
          reason: 'unsubscribed',
          contactId: enrolment.contact_id,
          detail: `Unsubscribed through the link in an email of "${enrolment.workflow_name}".`,
          at,
        });
      }
      await handleCommand(eventStore, enrolmentDecider, enrolmentStreamId(enrolment.id), {
        type: 'StopEnrolment',
        userId,
        at,
        reason: 'unsubscribed',
        detail: 'Unsubscribed through the link in the email.',
      });
    });
  };

  return router;
}
