import Router from '@koa/router';
import { z } from 'zod';
import { signedInUser } from '../auth/authenticate.ts';
import { handleCommand } from '../commands/handle-command.ts';
import { ConflictError, NotFoundError, readAfterCommit } from '../http/errors.ts';
import { idOfKeyedCreate, markReplayed } from '../http/idempotency.ts';
import { emailAddress } from '../../../domain/email-address.ts';
import { certSchema, uuidParam } from '../outreach/schemas.ts';
import { sentEmailDecider } from '../outreach/sent-emails/decider.ts';
import { sentEmailsResource } from '../outreach/sent-emails/routes.ts';
import { emailBodySchema, emailSubjectSchema } from '../outreach/templates/email-fields.ts';
import type { AppServices } from '../services.ts';
import { testMailgun, type MailgunRegion } from './mailgun.ts';
import { sentEmailStreamId, type Outbox } from './outbox.ts';
import { mailServiceOf, type MailSettingsReader } from './transports.ts';
import { emptiedKeyTestMessage, isNewSecret, secretInput } from '../settings/settings.ts';

export const sendEmailBody = z
  .object({
    to: z
      .string({ error: 'Recipient email is required.' })
      .trim()
      .min(1, 'Recipient email is required.')
      .pipe(emailAddress('Recipient email must be an email address like name@bank.com.')),
    recipientName: z.string().trim().max(300, 'Recipient name can be at most 300 characters.').nullish(),
    subject: emailSubjectSchema('Subject'),
    body: emailBodySchema('Body'),
    contactId: z.uuid({ error: 'contactId must be a contact id.' }).nullish(),
    bankId: certSchema.nullish(),
  })
  .strict();

/** Unsaved values from the Settings form; a masked key (••••1a2b) or none means the saved one. */
const mailgunTestBody = z
  .object({
    mailgunApiKey: secretInput('The Mailgun API key'),
    mailgunDomain: z.string().trim().max(253).nullish(),
    mailgunRegion: z.enum(['US', 'EU'], { error: 'Region must be US or EU.' }).nullish(),
  })
  .strip();

export function mailRoutes(services: AppServices, deps: { outbox: Outbox; mailSettings: MailSettingsReader }): Router {
  const router = new Router();
  const { knex } = services;

  router.post('/api/services/mailgun/send', async (ctx) => {
    const body = sendEmailBody.parse(ctx.request.body ?? {});
    const userId = signedInUser(ctx.state).id;
    const keyedId = idOfKeyedCreate(ctx);
    const queued = keyedId && (await knex('sent_emails').where({ id: keyedId, user_id: userId }).first('status'));
    ctx.status = 202;
    if (queued) {
      markReplayed(ctx);
      ctx.body = { id: keyedId, status: queued.status };
      return;
    }
    const { id } = await deps.outbox.queue({ userId, id: keyedId, ...body });
    ctx.body = { id, status: 'queued' };
  });

  // Whether the user's mail can go out, and by which service: Start Automation warns before starting
  // email steps that would each fail.
  router.get('/api/services/mail/status', async (ctx) => {
    const service = await mailServiceOf(services.config, deps.mailSettings, signedInUser(ctx.state).id);
    ctx.body = { ready: service !== null, via: service?.kind ?? null };
  });

  router.post('/api/services/mailgun/test', async (ctx) => {
    const body = mailgunTestBody.parse(ctx.request.body ?? {});
    const saved = await deps.mailSettings(signedInUser(ctx.state).id);
    if (body.mailgunApiKey === '' || body.mailgunApiKey === null) {
      ctx.body = { success: false, message: emptiedKeyTestMessage('Mailgun', Boolean(saved?.apiKey)) };
      return;
    }
    // Typed values are tested as typed; a key's preview, or a field not sent, means the saved one.
    const typedKey = body.mailgunApiKey && isNewSecret(body.mailgunApiKey) ? body.mailgunApiKey : null;
    const apiKey = typedKey ?? saved?.apiKey;
    const domain = body.mailgunDomain === undefined ? saved?.domain : body.mailgunDomain;
    const region: MailgunRegion = body.mailgunRegion ?? saved?.region ?? 'US';
    if (!apiKey) {
      ctx.body = { success: false, message: 'No Mailgun API key saved yet.' };
      return;
    }
    if (!domain) {
      ctx.body = { success: false, message: 'Enter the sending domain (like mg.yourcompany.com) to test Mailgun.' };
      return;
    }
    ctx.body = await testMailgun({ apiKey, domain, region }, { baseUrl: services.config.mailgunApiUrl });
  });

  const ownEmail = async (userId: string, rawId: string) => {
    const id = uuidParam.safeParse(rawId);
    const email = id.success ? await knex('sent_emails').where({ id: id.data, user_id: userId }).first() : undefined;
    if (!email) throw new NotFoundError('Sent email');
    return email;
  };
  const answerRecord = async (userId: string, id: string) => sentEmailsResource.toApi(await sentEmailsResource.rows(knex, userId).where('sent_emails.id', id).first());

  // A failed email, or one whose delivery is unknown, goes out again only when the user asks: as a new email naming the old one.
  router.post('/api/data/sent-emails/:id/resend', async (ctx) => {
    const userId = signedInUser(ctx.state).id;
    const email = await ownEmail(userId, ctx.params.id);
    if (email.status !== 'failed' && email.status !== 'unknown') throw new ConflictError('Only an email that failed or whose delivery is unknown can be sent again.');
    const { id } = await deps.outbox.queue({
      userId,
      to: email.recipient_email,
      recipientName: email.recipient_name,
      subject: email.subject,
      body: email.body,
      contactId: email.contact_id,
      bankId: email.bank_id,
      resendOf: email.id,
      unsubscribeUrl: email.unsubscribe_url,
    });
    // The old email is settled by the new one.
    await handleCommand(services.eventStore, sentEmailDecider, sentEmailStreamId(email.id), { type: 'DismissEmail', userId, at: new Date().toISOString() });
    ctx.status = 202;
    ctx.body = { id, status: 'queued' };
  });

  router.post('/api/data/sent-emails/:id/dismiss', async (ctx) => {
    const userId = signedInUser(ctx.state).id;
    const email = await ownEmail(userId, ctx.params.id);
    await handleCommand(services.eventStore, sentEmailDecider, sentEmailStreamId(email.id), { type: 'DismissEmail', userId, at: new Date().toISOString() });
    ctx.body = await readAfterCommit(() => answerRecord(userId, email.id));
  });

  return router;
}
