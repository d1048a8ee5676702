import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { describeWithDatabase } from '../support/database.ts';
import { down, up } from '../../migrations/0270_sort_text_every_accent.ts';

describeWithDatabase('migration 0270: sort_text folds every accent', (context) => {
  it('folds the summaries the activity search index held only lowered, so a search for "jose" finds José there too', async () => {
    const { knex } = context.db;
    await down(knex);
    const userId = randomUUID();
    const row = { user_id: userId, occurred_at: new Date(), resource: 'contacts', event_type: 'ContactAdded', source: 'ui' };
    await knex('activity_search').insert([
      { ...row, global_position: 900_001, lowered_summary: 'added contact "josé müller", cfo' },
      { ...row, global_position: 900_002, lowered_summary: 'added contact "ada lovelace", cfo' },
    ]);
    await up(knex);
    const summaries = await knex('activity_search').where('user_id', userId).orderBy('global_position').pluck('folded_summary');
    await knex('activity_search').where('user_id', userId).delete();
    expect(summaries).to.deep.equal(['added contact "jose muller", cfo', 'added contact "ada lovelace", cfo']);
    const { rows } = await knex.raw("select sort_text('Nguyễn Thị Ștefan Weiß ØSTER İstanbul') as folded");
    expect(rows[0].folded).to.equal('nguyen thi stefan weiss oster istanbul');
  });
});
