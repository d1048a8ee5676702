import { randomBytes, randomUUID } from 'node:crypto';
import jwt from 'jsonwebtoken';
import type { Knex } from 'knex';
import type { User } from './users.ts';

const secretKey = 'jwt_secret';

/**
 * The signing secret: JWT_SECRET when set, otherwise one generated on first start and kept in the
 * database (in embedded mode that is the data folder), so every web replica signs with the same key.
 */
export async function resolveJwtSecret(knex: Knex, configured?: string): Promise<string> {
  if (configured) return configured;
  const generated = randomBytes(48).toString('base64url');
  await knex('app_secrets').insert({ key: secretKey, value: generated }).onConflict('key').ignore();
  const row = await knex('app_secrets').where({ key: secretKey }).first();
  return row.value as string;
}

/** `issuedAt` (whole seconds) dates the token other than now: the session a password change keeps is dated when the change takes effect. */
export function signToken(user: User, secret: string, expiresInSeconds: number, issuedAt?: Date): string {
  const iat = issuedAt && Math.floor(issuedAt.getTime() / 1000);
  return jwt.sign({ sub: user.id, email: user.email, ...(iat === undefined ? {} : { iat }) }, secret, {
    expiresIn: expiresInSeconds,
    issuer: 'charterline',
    algorithm: 'HS256',
    // Names this token, so signing out can revoke it alone.
    jwtid: randomUUID(),
  });
}
