import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { z } from 'zod';

/** A key is `chl_` and 43 random characters (32 bytes): guessing one is hopeless, so one fast hash suffices to store it. */
const keyPrefix = 'chl_';

export const hashApiKey = (key: string) => createHash('sha256').update(key).digest('hex');
const previewOf = (key: string) => `${keyPrefix}••••${key.slice(-4)}`;

export const createApiKeyBody = z
  .object({
    name: z
      .string({ error: 'API key name is required.' })
      .trim()
      .min(1, 'API key name is required.')
      .max(100, 'API key name can be at most 100 characters.'),
  })
  .strict();

type ApiKeyRow = { id: string; name: string; key_preview: string; created_at: Date; last_used_at: Date | null };

export const apiKeyRecord = (row: ApiKeyRow) => ({
  id: row.id,
  name: row.name,
  keyPreview: row.key_preview,
  createdAt: new Date(row.created_at).toISOString(),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at).toISOString() : null,
});

export function listApiKeys(knex: Knex, userId: string) {
  return knex('api_keys').where({ user_id: userId }).orderBy('created_at', 'desc').orderBy('id').select<ApiKeyRow[]>('id', 'name', 'key_preview', 'created_at', 'last_used_at');
}

/** Creates a key and answers it in full: the only time anyone sees it. */
export async function createApiKey(knex: Knex, userId: string, name: string) {
  const key = keyPrefix + randomBytes(32).toString('base64url');
  const [row] = await knex('api_keys')
    .insert({ id: randomUUID(), user_id: userId, name, key_hash: hashApiKey(key), key_preview: previewOf(key) })
    .returning<ApiKeyRow[]>(['id', 'name', 'key_preview', 'created_at', 'last_used_at']);
  return { ...apiKeyRecord(row), key };
}

export async function deleteApiKey(knex: Knex, userId: string, id: string): Promise<boolean> {
  return (await knex('api_keys').where({ id, user_id: userId }).delete()) > 0;
}
