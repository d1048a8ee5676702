import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { forgetExpiredIdempotencyKeys, idempotencyKeysKeptForMs } from './idempotency.ts';

describeWithDatabase('idempotency keys kept a day', (context) => {
  it('forgets keys older than a day and keeps younger ones, answered or still running', async () => {
    const { knex } = context.db;
    const userId = randomUUID();
    const now = new Date('2026-11-29T12:00:00Z');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    await knex('idempotency_keys').insert([
      { user_id: userId, key: 'old-answered', request_fingerprint: 'f', status: 201, response: JSON.stringify({ id: 1 }), created_at: ago(idempotencyKeysKeptForMs + 60_000) },
      { user_id: userId, key: 'old-abandoned', request_fingerprint: 'f', created_at: ago(3 * idempotencyKeysKeptForMs) },
      { user_id: userId, key: 'young-answered', request_fingerprint: 'f', status: 200, response: JSON.stringify({ id: 2 }), created_at: ago(idempotencyKeysKeptForMs - 60_000) },
      { user_id: userId, key: 'running', request_fingerprint: 'f', created_at: ago(1_000) },
    ]);

    expect(await forgetExpiredIdempotencyKeys(knex, now)).to.equal(2);
    const kept = await knex('idempotency_keys').where('user_id', userId).orderBy('key').pluck('key');
    expect(kept).to.deep.equal(['running', 'young-answered']);
    expect(await forgetExpiredIdempotencyKeys(knex, now)).to.equal(0);
  });
});
