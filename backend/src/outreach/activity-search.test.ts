import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { activitySearchCandidates, activitySearchPage, activitySearchWorker, indexActivitySearch } from './activity-search.ts';

describeWithDatabase('the activity search index', (context) => {
  let userId: string;
  let otherUserId: string;
  beforeEach(async () => {
    [userId, otherUserId] = [randomUUID(), randomUUID()];
    for (const id of [userId, otherUserId]) await context.db.knex('users').insert({ id, name: 'Searcher', email: `${id}@example.test`, password_hash: 'x' });
  });

  /** One event and its feed row, written in `db`'s transaction as the activity projection writes them; answers its position. */
  async function recordEvent(db: Knex, summary: string, owner = userId, occurredAt = new Date()): Promise<number> {
    const streamId = `contact-${randomUUID()}`;
    const [{ global_position: position }] = await db('events')
      .insert({ stream_id: streamId, stream_version: 1, type: 'ContactAdded', data: {}, metadata: { userId: owner, correlationId: 'c', requestId: 'r', source: 'ui', schemaVersion: 1 } })
      .returning('global_position');
    await db('activity').insert({ global_position: position, user_id: owner, resource: 'contacts', record_id: streamId.slice('contact-'.length), stream_id: streamId, stream_version: 1, event_type: 'ContactAdded', summary, occurred_at: occurredAt });
    return Number(position);
  }
  const drain = () => activitySearchWorker(context.db.knex, context.engine).drain();
  /** The user's feed rows a search for `word` finds, as the activity list narrows them: candidates first, then the summary. */
  const search = async (word: string, owner = userId) => {
    const { knex } = context.db;
    const pattern = `%${word}%`;
    const summaries: string[] = await knex('activity')
      .where('user_id', owner)
      .whereRaw('global_position = any(array(?))', [activitySearchCandidates(knex, owner, pattern)])
      .whereRaw('sort_text(summary) like sort_text(?)', [pattern])
      .orderBy('global_position')
      .pluck('summary');
    return summaries;
  };
  /** The summaries the index holds for the user (in lower case and without accents, as it keeps them). */
  const indexed = async () => (await context.db.knex('activity_search').where('user_id', userId).orderBy('global_position').pluck('folded_summary')) as string[];
  const lowered = (summaries: string[]) => summaries.map((summary) => summary.toLowerCase());

  it('indexes the feed in rounds, and a search finds rows indexed and rows written since, of its user only', async () => {
    await recordEvent(context.db.knex, 'Added contact "Ada Lovelace", CFO');
    await recordEvent(context.db.knex, 'Added contact "Grace Hopper", CEO');
    await recordEvent(context.db.knex, 'Added contact "Ada Other", CFO', otherUserId);
    await drain();
    expect(await indexed()).to.deep.equal(lowered(['Added contact "Ada Lovelace", CFO', 'Added contact "Grace Hopper", CEO']));
    await recordEvent(context.db.knex, 'Renamed contact to "Ada King"');
    expect(await indexed()).to.have.length(2);
    expect(await search('ada')).to.deep.equal(['Added contact "Ada Lovelace", CFO', 'Renamed contact to "Ada King"']);
    expect(await search('ada', otherUserId)).to.deep.equal(['Added contact "Ada Other", CFO']);
    await drain();
    expect(await indexed()).to.have.length(3);
    expect(await search('ADA')).to.deep.equal(['Added contact "Ada Lovelace", CFO', 'Renamed contact to "Ada King"']);
    expect(await indexActivitySearch(context.db.knex)).to.equal(0);
  });

  it('finds names by their letters without accents, in any case, in rows indexed and written since', async () => {
    await recordEvent(context.db.knex, 'Added contact "José Müller-Łukasiewicz", CFO');
    await recordEvent(context.db.knex, 'Added contact "Nguyễn Thị Minh Khai", VP Lending');
    await drain();
    await recordEvent(context.db.knex, 'Added contact "Ștefan Țurcanu", Director');
    await recordEvent(context.db.knex, 'Renamed contact to "Ахмед Иванов"');
    expect(await indexed()).to.deep.equal(['added contact "jose muller-lukasiewicz", cfo', 'added contact "nguyen thi minh khai", vp lending']);
    expect(await search('jose')).to.deep.equal(['Added contact "José Müller-Łukasiewicz", CFO']);
    expect(await search('MULLER-LUKASIEWICZ')).to.deep.equal(['Added contact "José Müller-Łukasiewicz", CFO']);
    expect(await search('nguyen thi')).to.deep.equal(['Added contact "Nguyễn Thị Minh Khai", VP Lending']);
    expect(await search('stefan turcanu')).to.deep.equal(['Added contact "Ștefan Țurcanu", Director']);
    expect(await search('АХМЕД')).to.deep.equal(['Renamed contact to "Ахмед Иванов"']);
    const rows = await activitySearchPage(context.db.knex, userId, '%ȘTEFAN%', { order: 'DESC', offset: 0, limit: 5, totalAlias: 'matched' });
    expect(rows.map((row: { summary: string }) => row.summary)).to.deep.equal(['Added contact "Ștefan Țurcanu", Director']);
  });

  it('cuts a page of matches by their time, with the count of every match, from the index and the rows written since', async () => {
    const { knex } = context.db;
    const at = (day: number) => new Date(Date.UTC(2026, 10, day));
    // Written in another order than their times: an import of older activity comes later.
    await recordEvent(knex, 'Met Ada on the 3rd', userId, at(3));
    await recordEvent(knex, 'Met Ada on the 1st', userId, at(1));
    await recordEvent(knex, 'Met Grace on the 2nd', userId, at(2));
    await recordEvent(knex, 'Met Ada on the 9th', otherUserId, at(9));
    await drain();
    await recordEvent(knex, 'Met Ada on the 2nd', userId, at(2));
    const page = async (order: 'ASC' | 'DESC', offset: number, limit: number) => {
      const rows = await activitySearchPage(knex, userId, '%ada%', { order, offset, limit, totalAlias: 'matched' });
      return rows.map((row: { summary: string; matched: string | number }) => `${row.summary} (${row.matched})`);
    };
    expect(await page('DESC', 0, 2)).to.deep.equal(['Met Ada on the 3rd (3)', 'Met Ada on the 2nd (3)']);
    expect(await page('DESC', 2, 2)).to.deep.equal(['Met Ada on the 1st (3)']);
    expect(await page('ASC', 0, 3)).to.deep.equal(['Met Ada on the 1st (3)', 'Met Ada on the 2nd (3)', 'Met Ada on the 3rd (3)']);
    // A row whose summary no longer matches is left out of its page, though the index still names it.
    await knex('activity').where('summary', 'Met Ada on the 3rd').update({ summary: 'Met someone' });
    expect(await page('DESC', 0, 2)).to.deep.equal(['Met Ada on the 2nd (3)']);
  });

  it('never shows a row whose summary no longer matches, though the index still holds the old text', async () => {
    const position = await recordEvent(context.db.knex, 'Added contact "Ada Lovelace", CFO');
    await drain();
    await context.db.knex('activity').where('global_position', position).update({ summary: 'Added contact "Erased contact", CFO' });
    expect(await search('Lovelace')).to.deep.equal([]);
    expect(await search('Erased')).to.deep.equal([]);
  });

  it('starts over once the feed is a new table (a rebuild), and meanwhile searches the feed itself', async () => {
    const { knex } = context.db;
    await recordEvent(knex, 'Added contact "Ada Lovelace", CFO');
    await drain();
    // A rebuild builds the feed into a new table and puts it in place, with summaries as this version words them.
    await knex.raw('create table activity_rebuilt (like activity including all)');
    await knex.raw("insert into activity_rebuilt select global_position, user_id, resource, record_id, stream_id, stream_version, event_type, 'Contact added: Ada Lovelace', changes, source, occurred_at, correlation_id, bank_id from activity");
    await knex.raw('drop table activity');
    await knex.raw('alter table activity_rebuilt rename to activity');
    expect(await search('contact added')).to.deep.equal(['Contact added: Ada Lovelace']);
    await drain();
    expect(await indexed()).to.deep.equal(lowered(['Contact added: Ada Lovelace']));
    expect(await search('contact added')).to.deep.equal(['Contact added: Ada Lovelace']);
  });

  it('leaves the events of a transaction still open to a later round, and finds its rows once committed (PostgreSQL)', async function () {
    if (context.engine !== 'postgres') this.skip();
    const { knex } = context.db;
    const open = await knex.transaction();
    try {
      await recordEvent(open, 'Added contact "Early Bird", CFO');
      await recordEvent(knex, 'Added contact "Late Bird", CFO');
      await drain();
      // The open transaction began first: nothing after it is settled yet, so the mark waits before it.
      expect(await indexed()).to.deep.equal([]);
      expect(await search('bird')).to.deep.equal(['Added contact "Late Bird", CFO']);
      await open.commit();
      expect(await search('bird')).to.deep.equal(['Added contact "Early Bird", CFO', 'Added contact "Late Bird", CFO']);
      await drain();
      expect(await indexed()).to.deep.equal(lowered(['Added contact "Early Bird", CFO', 'Added contact "Late Bird", CFO']));
    } finally {
      if (!open.isCompleted()) await open.rollback();
    }
  });
});
