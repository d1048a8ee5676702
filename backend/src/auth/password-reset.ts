import { createHash, randomBytes, randomUUID } from 'node:crypto';
import Router from '@koa/router';
import type { Knex } from 'knex';
import { z } from 'zod';
import { accountEmail } from '../../../domain/account-email.ts';
import { accountPassword } from '../../../domain/account-password.ts';
import { BadRequestError, HttpError, parseOr400 } from '../http/errors.ts';
import { credentialAnswers } from '../http/security-headers.ts';
import { logger } from '../logging/logger.ts';
import { smtpTransport } from '../mail/smtp.ts';
import { htmlOfText, type MailTransport } from '../mail/transport.ts';
import type { AppConfig } from '../config.ts';
import type { AppServices, Feature } from '../services.ts';
import { replacePassword } from './password-change.ts';
import { AttemptLimiter, tooManyAttempts } from './rate-limit.ts';
import { revocationsOf } from './revocations.ts';
import { signToken } from './tokens.ts';
import { findUserById, findUserWithPasswordByEmail } from './users.ts';

/** How long a reset link works. */
export const resetLinkLifetimeMs = 60 * 60_000;

/** The one answer to every request for a link, whether or not an account has the email: it must not tell which do. */
const requested = { message: 'If an account uses that email, we sent a link to reset its password. It works for one hour.' };

const resetUnavailable = 'Password reset by email is not set up on this server. Ask whoever runs Charterline to reset it.';
const invalidResetLink = 'This reset link is invalid or has expired. Ask for a new one.';

const requestSchema = z.object({ email: accountEmail }).strict();
const linkToken = z.string({ error: invalidResetLink }).min(1, invalidResetLink).max(200, invalidResetLink);
const checkSchema = z.object({ token: linkToken }).strict();
const confirmSchema = z.object({ token: linkToken, newPassword: accountPassword }).strict();

/** Only the token's hash is stored: the link in the mail is the one copy of the token itself. */
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A new reset link for the user: a random 32-byte token valid for `resetLinkLifetimeMs` from `now`.
 * It replaces the user's earlier links, so only the newest mail works. Answers the token, to be put
 * in the link and never stored.
 */
export async function issueResetToken(knex: Knex, userId: string, now: number): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await knex.transaction(async (trx) => {
    await trx('password_reset_tokens').where({ user_id: userId }).delete();
    await trx('password_reset_tokens').insert({ token_hash: hashOf(token), user_id: userId, expires_at: new Date(now + resetLinkLifetimeMs) });
    // Expired links of anyone are worthless: kept no longer than the next request.
    await trx('password_reset_tokens').where('expires_at', '<=', new Date(now)).delete();
  });
  return token;
}

/** The address the reset screen is opened at with `token`. */
export const resetLinkOf = (publicUrl: string, token: string) => `${publicUrl}/#/reset-password?token=${encodeURIComponent(token)}`;

/**
 * An operator's way when no mail can be sent (`npm run reset-password -- <email>`): a new link for the
 * account with that email, to hand to its owner, or undefined when no account has it. The owner
 * chooses the password: none passes through the operator's terminal or shell history.
 */
export async function resetLinkForEmail(knex: Knex, publicUrl: string, email: string, now = Date.now()): Promise<string | undefined> {
  const parsed = accountEmail.safeParse(email);
  const user = parsed.success ? await findUserWithPasswordByEmail(knex, parsed.data) : undefined;
  return user && resetLinkOf(publicUrl, await issueResetToken(knex, user.id, now));
}

/**
 * Who a reset mail comes from: MAIL_FROM when set, else the SMTP login itself when it is an email
 * address (many servers send only as the account that logged in), else no-reply at the host users
 * reach the app at.
 */
export function resetMailSender(config: Pick<AppConfig, 'mailFrom' | 'publicUrl'> & { smtpUrl: string }): string {
  if (config.mailFrom) return config.mailFrom;
  const login = decodeURIComponent(new URL(config.smtpUrl).username);
  return accountEmail.safeParse(login).success ? login : `no-reply@${new URL(config.publicUrl).hostname}`;
}

/** The reset mail: a plain subject, the link and when it stops working. */
export function resetMail(link: string): { subject: string; text: string; html: string } {
  const text = [
    'Someone asked to reset the password of your Charterline account.',
    `Open this link to choose a new password (it works once, for one hour):\n${link}`,
    'If you asked more than once, use the newest email: each new link replaces the earlier ones.',
    'If you did not ask for this, ignore this email: your password stays as it is.',
  ].join('\n\n');
  return { subject: 'Reset your Charterline password', text, html: htmlOfText(text) };
}

/** Unknown, used up, expired or replaced: all answer the same. */
const invalidLink = () => new BadRequestError(invalidResetLink, { issues: [{ path: 'token', message: invalidResetLink }] });

type ResetWiring = { transport?: MailTransport; sending: Set<Promise<void>> };

/**
 * "Forgot your password?": a link by email (the deployment's SMTP_URL server) that sets a new
 * password once and signs the user in, ending every earlier session as a password change does.
 * `now` is the clock of link expiry and of the request allowances (tests move it).
 */
export function createPasswordResetFeature(options: { now?: () => number } = {}): Feature {
  const now = options.now ?? Date.now;
  const wirings = new Map<AppServices, ResetWiring>();
  const wiringOf = (services: AppServices) => {
    let wiring = wirings.get(services);
    if (!wiring) wirings.set(services, (wiring = { sending: new Set() }));
    return wiring;
  };

  const routes = (services: AppServices): Router => {
    const { knex, config } = services;
    const router = new Router({ prefix: '/api/auth/password-reset' });
    router.use(credentialAnswers);
    // Counted whether or not an account has the email, so the 429 tells nothing either.
    const byEmail = new AttemptLimiter(knex, 5, 60 * 60_000, now);
    const byAddress = new AttemptLimiter(knex, 20, 60 * 60_000, now);

    /** Whether the sign-in screen may offer a link by email, and what it says instead when not. */
    router.get('/', (ctx) => {
      ctx.body = config.smtpUrl ? { byEmail: true } : { byEmail: false, message: resetUnavailable };
    });

    router.post('/', async (ctx) => {
      const input = parseOr400(requestSchema, ctx.request.body);
      if (!config.smtpUrl) throw new HttpError(503, resetUnavailable);
      const wait = Math.max(await byAddress.consume(`password-reset:ip:${ctx.ip}`), await byEmail.consume(`password-reset:email:${input.email}`));
      if (wait > 0) throw tooManyAttempts(ctx, wait, 'password reset requests');
      const user = await findUserWithPasswordByEmail(knex, input.email);
      if (user) {
        const link = resetLinkOf(config.publicUrl, await issueResetToken(knex, user.id, now()));
        const wiring = wiringOf(services);
        wiring.transport ??= smtpTransport(config.smtpUrl);
        const from = resetMailSender({ ...config, smtpUrl: config.smtpUrl });
        // Not waited for: an answer that came later for a known email would tell it has an account.
        const sending = wiring.transport
          .send({ emailId: randomUUID(), from: { name: 'Charterline', email: from }, to: { name: user.name, email: user.email }, ...resetMail(link) })
          .then((outcome) => {
            if (outcome.kind !== 'sent') logger.warn('password reset email not sent', { userId: user.id, outcome: outcome.kind, reason: outcome.reason });
          })
          .catch((error: Error) => logger.warn('password reset email not sent', { userId: user.id, error: error.message }))
          .finally(() => wiring.sending.delete(sending));
        wiring.sending.add(sending);
      }
      ctx.status = 202;
      ctx.body = requested;
    });

    /** The user a link's token still works for (not used, replaced or expired), else undefined. */
    const userOfLink = async (tokenHash: string) => {
      const found = await knex('password_reset_tokens').where({ token_hash: tokenHash }).whereNull('used_at').where('expires_at', '>', new Date(now())).first('user_id');
      return found && findUserById(knex, found.user_id);
    };

    /**
     * Whose account a link resets, asked by the reset screen on opening it: a link a mail client cut
     * short, used, replaced or expired is refused before the user types a password, and a user signed
     * in as someone else sees which account they are about to sign in to. A POST: the token stays out
     * of the address, which the request log keeps.
     */
    router.post('/check', async (ctx) => {
      const { token } = parseOr400(checkSchema, ctx.request.body);
      const user = await userOfLink(hashOf(token));
      if (!user) throw invalidLink();
      ctx.body = { email: user.email };
    });

    /** Sets the new password with a link's token, once: the password, the used token and the end of every earlier session are one transaction. */
    router.post('/confirm', async (ctx) => {
      const input = parseOr400(confirmSchema, ctx.request.body);
      const tokenHash = hashOf(input.token);
      const user = await userOfLink(tokenHash);
      if (!user) throw invalidLink();
      const takesEffectAt = await replacePassword(knex, revocationsOf(knex), { userId: user.id, newPassword: input.newPassword, sessionSeconds: config.jwtExpiresInSeconds }, async (trx) => {
        // Claimed again inside the transaction: of two uses of one link at once, one wins.
        const claimed = await trx('password_reset_tokens').where({ token_hash: tokenHash }).whereNull('used_at').where('expires_at', '>', new Date(now())).update({ used_at: new Date(now()) });
        if (claimed !== 1) throw invalidLink();
      });
      ctx.body = { token: signToken(user, services.jwtSecret, config.jwtExpiresInSeconds, takesEffectAt), user };
    });

    return router;
  };

  return {
    name: 'password-reset',
    routes,
    async stop(services) {
      const wiring = wirings.get(services);
      if (!wiring) return;
      wirings.delete(services);
      await Promise.allSettled(wiring.sending);
      await wiring.transport?.close?.();
    },
  };
}

export const passwordResetFeature = createPasswordResetFeature();
