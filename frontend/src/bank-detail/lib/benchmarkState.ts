import { z } from 'zod';
import { stateOptions, type PeerCriteria, type PeerGroupAlternative } from '../../../../domain/peers.ts';
import { quarterSchema } from '../../../../domain/quarter.ts';
import { charterTypeOptions, regulatorOptions, type PeerSort } from './peers.ts';

/**
 * The Benchmark view as the user left it to open a peer, kept in the bank's history entry so that
 * Back (or Close on the peer) shows it again as it was: the quarter compared, the peer group searched, the Peer Group
 * Selection as typed (perhaps not yet searched), the peer list open, sorted and paged as it was,
 * and the peer group compared. The entry's state may come from an older release or be tampered
 * with, so it is read through a schema and ignored when it does not fit; kept for another quarter
 * than the one now compared, it is ignored too (its peer group was drawn around that quarter's assets).
 */

const criteriaSchema = z.object({
  minAssets: z.number().finite().min(0),
  maxAssets: z.number().finite().min(0),
  state: z.enum(stateOptions),
  regulator: z.enum(regulatorOptions),
  charterType: z.enum(charterTypeOptions),
});

const benchmarkStateSchema = z.object({
  quarter: quarterSchema,
  search: z.object({ criteria: criteriaSchema, run: z.number().int().min(0) }),
  // The asset fields as typed: an emptied field stays empty.
  draft: criteriaSchema.extend({ minAssets: z.string(), maxAssets: z.string() }),
  list: z.object({
    expanded: z.boolean(),
    sort: z.object({ field: z.enum(['name', 'assets']), direction: z.enum(['asc', 'desc']) }),
    page: z.number().int().min(1),
  }),
  shown: z.enum(['chosen', 'widened', 'top']),
});

/** The Peer Group Selection being edited: the asset amounts as typed. */
export type PeerDraft = Omit<PeerCriteria, 'minAssets' | 'maxAssets'> & { minAssets: string; maxAssets: string };
export type PeerListState = { expanded: boolean; sort: PeerSort; page: number };
export type BenchmarkState = {
  quarter: string;
  search: { criteria: PeerCriteria; run: number };
  draft: PeerDraft;
  list: PeerListState;
  shown: 'chosen' | PeerGroupAlternative['kind'];
};

/** The selection showing a peer group. */
export function peerDraft(criteria: PeerCriteria): PeerDraft {
  return { ...criteria, minAssets: String(criteria.minAssets), maxAssets: String(criteria.maxAssets) };
}

/** The peer group a selection asks for, an empty or unreadable amount read as 0. */
export function draftCriteria(draft: PeerDraft): PeerCriteria {
  return { ...draft, minAssets: Number(draft.minAssets) || 0, maxAssets: Number(draft.maxAssets) || 0 };
}

/** How the Benchmark opens on a bank and quarter the user has not left it on: its default peer group, the list closed and by assets. */
export function freshBenchmark(quarter: string, criteria: PeerCriteria): Omit<BenchmarkState, 'shown'> {
  return {
    quarter,
    search: { criteria, run: 0 },
    draft: peerDraft(criteria),
    list: { expanded: false, sort: { field: 'assets', direction: 'desc' }, page: 1 },
  };
}

/** The Benchmark of `quarter` kept in a history entry's state, or null when it holds none that fits. */
export function benchmarkLeftIn(entryState: unknown, quarter: string): BenchmarkState | null {
  const kept = (entryState as { benchmark?: unknown } | null)?.benchmark;
  const parsed = benchmarkStateSchema.safeParse(kept);
  return parsed.success && parsed.data.quarter === quarter ? (parsed.data satisfies BenchmarkState) : null;
}

/** A history entry's state with the Benchmark kept in it, everything else in it as it was. */
export function withBenchmark(entryState: unknown, benchmark: BenchmarkState): Record<string, unknown> {
  return { ...(typeof entryState === 'object' && entryState !== null ? entryState : {}), benchmark };
}
