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

export function signToken(user: User, secret: string, expiresInSeconds: number): string {
  return jwt.sign({ sub: user.id, email: user.email }, secret, {
    expiresIn: expiresInSeconds,
    issuer: 'charterline',
    algorithm: 'HS256',
    // Names this token, so signing out can revoke it alone.
    jwtid: randomUUID(),
  });
}
