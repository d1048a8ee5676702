import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';

export type User = { id: string; name: string; email: string; createdAt: string };

type UserRow = { id: string; name: string; email: string; password_hash: string; created_at: Date };

function toUser(row: UserRow): User {
  return { id: row.id, name: row.name, email: row.email, createdAt: row.created_at.toISOString() };
}

export class EmailTakenError extends Error {}

/** Runs a write that gives an account `email`: EmailTakenError when another account has it (the unique index refuses it). */
async function claimingEmail(email: string, write: () => Promise<UserRow[]>): Promise<User> {
  try {
    const [row] = await write();
    return toUser(row as UserRow);
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new EmailTakenError(email);
    throw error;
  }
}

export async function createUser(knex: Knex, input: { name: string; email: string; passwordHash: string }): Promise<User> {
  return claimingEmail(input.email, () =>
    knex<UserRow>('users').insert({ id: randomUUID(), name: input.name, email: input.email, password_hash: input.passwordHash }).returning('*'),
  );
}

/** The user's sign-in email replaced by `email` (already normalised); EmailTakenError when another account has it. */
export async function replaceEmail(knex: Knex, id: string, email: string): Promise<User> {
  // A reset link went to the address being given up: it must not open the account once that address is no longer its.
  return claimingEmail(email, () =>
    knex.transaction(async (trx) => {
      const rows = await trx<UserRow>('users').where({ id }).update({ email }).returning('*');
      await endResetLinks(trx, id);
      return rows;
    }),
  );
}

/** Every password reset link of the user stops working (used ones included: they already do not work). */
export async function endResetLinks(knex: Knex, userId: string): Promise<void> {
  await knex('password_reset_tokens').where({ user_id: userId }).delete();
}

export async function findUserWithPasswordByEmail(knex: Knex, email: string): Promise<(User & { passwordHash: string }) | undefined> {
  const row = await knex<UserRow>('users').where({ email }).first();
  return row ? { ...toUser(row), passwordHash: row.password_hash } : undefined;
}

export async function findUserById(knex: Knex, id: string): Promise<User | undefined> {
  if (!z.uuid().safeParse(id).success) return undefined;
  const row = await knex<UserRow>('users').where({ id }).first();
  return row ? toUser(row) : undefined;
}

export async function findPasswordHash(knex: Knex, id: string): Promise<string | undefined> {
  const row = await knex<UserRow>('users').where({ id }).first('password_hash');
  return row?.password_hash;
}

export async function replacePasswordHash(knex: Knex, id: string, passwordHash: string): Promise<void> {
  await knex<UserRow>('users').where({ id }).update({ password_hash: passwordHash });
}
