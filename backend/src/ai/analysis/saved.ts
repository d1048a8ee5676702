import type { Knex } from 'knex';
import { latestQuarterOf } from '../data.ts';
import type { AnalysisKind } from './events.ts';

export type SavedAnalysisRow = { cert: number; kind: AnalysisKind; content: string; provider: string; quarter: string; updated_at: Date };

/**
 * The user's saved analysis of a bank: of the quarter asked, else of the newest quarter one was saved
 * for. An analysis saved before analyses named their quarter (quarter '') stands for the bank's newest
 * quarter, the one it was written from when none of that quarter has been saved since.
 */
export async function savedAnalysis(knex: Knex, userId: string, cert: number, kind: AnalysisKind, quarter?: string): Promise<SavedAnalysisRow | undefined> {
  const saved = knex('ai_analyses').where({ user_id: userId, cert, kind });
  if (quarter === undefined) return saved.orderBy('quarter', 'desc').first();
  const rows: SavedAnalysisRow[] = await saved.whereIn('quarter', [quarter, '']).orderBy('quarter', 'desc');
  if (rows[0]?.quarter === quarter) return rows[0];
  return rows[0] && quarter === (await latestQuarterOf(knex, cert)) ? rows[0] : undefined;
}

/** The newest quarter's saved text of each kind asked, for the templates' placeholders (none for a mail about no bank). */
export async function newestSavedTexts(knex: Knex, userId: string, cert: number | null | undefined, kinds: AnalysisKind[]): Promise<Partial<Record<AnalysisKind, string>>> {
  if (cert == null) return {};
  const rows: Array<{ kind: AnalysisKind; content: string }> = await knex('ai_analyses')
    .where({ user_id: userId, cert })
    .whereIn('kind', kinds)
    .orderBy('quarter', 'desc')
    .select('kind', 'content');
  const texts: Partial<Record<AnalysisKind, string>> = {};
  for (const row of rows) texts[row.kind] ??= row.content;
  return texts;
}
