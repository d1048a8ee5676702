import Router from '@koa/router';
import { z } from 'zod';
import { signedInUser } from '../../auth/authenticate.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import { recordContactVerification, readContactRecord } from '../../outreach/contacts/routes.ts';
import { uuidParam } from '../../outreach/schemas.ts';
import type { AppServices } from '../../services.ts';
import { emptiedKeyTestMessage, isNewSecret, readUserSecrets, secretInput, unreadableSecretMessage } from '../../settings/settings.ts';
import { domainOfWebsite } from '../../../../domain/enrichment/web-address.ts';
import { HunterClient, HunterError, hunterKeyMissing } from './client.ts';

const findBody = z
  .object({
    domain: z
      .string({ error: 'Enter a domain like examplebank.com.' })
      .transform((value, ctx) => domainOfWebsite(value) ?? (ctx.addIssue({ code: 'custom', message: 'Enter a domain like examplebank.com.' }), z.NEVER)),
  })
  .strict();

const verifyBody = z
  .object({
    email: z.email({ error: 'Enter a valid email address, like name@bank.com.' }).max(320).optional(),
    contactId: uuidParam.optional(),
  })
  .strict()
  .refine((body) => body.email || body.contactId, { message: 'Enter the email address to verify.', path: ['email'] });

const testBody = z.object({ hunterApiKey: secretInput('The Hunter.io API key') }).strict();

/** POST /api/services/hunter/find, /verify and /test: Hunter.io with the signed-in user's own key. */
export function hunterRoutes(services: AppServices): Router {
  const { knex, secrets, config } = services;
  const hunter = new HunterClient({ baseUrl: config.hunterApiUrl });
  const router = new Router({ prefix: '/api/services/hunter' });

  const savedKey = async (userId: string): Promise<string> => {
    const saved = await readUserSecrets(knex, secrets, userId);
    if (saved.hunterApiKey) return saved.hunterApiKey;
    throw saved.unreadable.includes('hunterApiKey') ? hunterKeyMissing(unreadableSecretMessage('Hunter.io API key')) : hunterKeyMissing();
  };

  router.post('/find', async (ctx) => {
    const { domain } = findBody.parse(ctx.request.body ?? {});
    ctx.body = await hunter.domainSearch(await savedKey(signedInUser(ctx.state).id), domain);
  });

  router.post('/verify', async (ctx) => {
    const { email, contactId } = verifyBody.parse(ctx.request.body ?? {});
    const userId = signedInUser(ctx.state).id;
    if (!contactId) {
      ctx.body = await hunter.verifyEmail(await savedKey(userId), email!);
      return;
    }
    const contact = await readContactRecord(knex, userId, contactId);
    if (!contact) throw new NotFoundError('Contact');
    const address = contactAddress(contact.email, email);
    const key = await savedKey(userId);
    try {
      const verification = await hunter.verifyEmail(key, address);
        const updated = await recordContactVerification(services, userId, contactId, { result: verification.result, score: verification.score });
      ctx.body = { ...verification, contact: updated };
    } catch (error) {
      // A check that failed is itself recorded (result error, score 0), so the screen shows it was tried.
      if (!(error instanceof HunterError) || !error.isProviderFailure) throw error;
      const failed = { result: 'error' as const, score: 0 };
      const updated = await recordContactVerification(services, userId, contactId, failed);
      throw new HunterError(error.status, error.code, error.message, { verification: failed, contact: updated });
    }
  });

  router.post('/test', async (ctx) => {
    const { hunterApiKey } = testBody.parse(ctx.request.body ?? {});
    const userId = signedInUser(ctx.state).id;
    // A key typed but not saved yet is tested as typed; a preview sent back, or no field at all, means the saved one.
    const saved = hunterApiKey && isNewSecret(hunterApiKey) ? null : await readUserSecrets(knex, secrets, userId);
    if (hunterApiKey === '' || hunterApiKey === null) {
      ctx.body = { success: false, message: emptiedKeyTestMessage('Hunter.io', Boolean(saved?.hunterApiKey)) };
      return;
    }
    const key = saved ? saved.hunterApiKey : hunterApiKey;
    if (!key) {
      ctx.body = { success: false, message: saved?.unreadable.includes('hunterApiKey') ? unreadableSecretMessage('Hunter.io API key') : 'No Hunter.io API key saved yet.' };
      return;
    }
    try {
      const account = await hunter.account(key);
      const used = [
        account.searches && `${account.searches.used} of ${account.searches.available} searches`,
        account.verifications && `${account.verifications.used} of ${account.verifications.available} verifications`,
      ].filter(Boolean);
      ctx.body = {
        success: true,
        message: `Connected to Hunter.io as ${account.email}${account.planName ? ` (${account.planName} plan)` : ''}${used.length ? `: ${used.join(' and ')} used this month.` : '.'}`,
      };
    } catch (error) {
      if (!(error instanceof HunterError)) throw error;
      ctx.body = { success: false, message: error.message };
    }
  });
  return router;
}

/** The address to check for a stored contact: its own, and a sent one must be that same address. */
function contactAddress(stored: string | null, sent: string | undefined): string {
  if (!stored) throw new BadRequestError('This contact has no email address to verify.');
  if (sent && sent.toLowerCase() !== stored.toLowerCase()) {
    throw new BadRequestError("This is not the contact's email address: save the new address first, then verify it.", {
      issues: [{ path: 'email', message: "This is not the contact's email address." }],
    });
  }
  return stored;
}
