import { expect } from 'chai';
import { benchmarkLeftIn, draftCriteria, freshBenchmark, peerDraft, withBenchmark } from '../../../frontend/src/bank-detail/lib/benchmarkState.ts';

const quarter = '20250930';
const criteria = { minAssets: 500_000_000, maxAssets: 1_500_000_000, state: 'TX', regulator: 'All', charterType: 'All' };

describe('the Benchmark kept in a bank detail history entry', () => {
  it('is read back as it was kept, beside the screen the detail is shown over', () => {
    const left = { ...freshBenchmark(quarter, criteria), draft: { ...peerDraft(criteria), minAssets: '', regulator: 'OCC' }, list: { expanded: true, sort: { field: 'name' as const, direction: 'asc' as const }, page: 2 }, shown: 'widened' as const };
    const background = { pathname: '/credit-box', search: '?minRoa=1', hash: '', state: null, key: 'k' };
    const entry = withBenchmark({ background }, left);
    expect(entry.background).to.equal(background);
    expect(benchmarkLeftIn(entry, quarter)).to.deep.equal(left);
  });

  it('is none when the entry holds nothing that fits (another release, another form, no state)', () => {
    expect(benchmarkLeftIn(null, quarter)).to.equal(null);
    expect(benchmarkLeftIn({ background: {} }, quarter)).to.equal(null);
    const fresh = { ...freshBenchmark(quarter, criteria), shown: 'chosen' };
    expect(benchmarkLeftIn({ benchmark: { ...fresh, search: { criteria: { ...criteria, state: 'Texas' }, run: 0 } } }, quarter)).to.equal(null);
    expect(benchmarkLeftIn({ benchmark: { ...fresh, list: { ...fresh.list, page: 0 } } }, quarter)).to.equal(null);
  });

  it('is none for another quarter than the one compared, its peer group drawn around that quarter\'s assets', () => {
    const entry = withBenchmark(null, { ...freshBenchmark(quarter, criteria), shown: 'chosen' });
    expect(benchmarkLeftIn(entry, quarter)).to.not.equal(null);
    expect(benchmarkLeftIn(entry, '20250630')).to.equal(null);
  });

  it('reads the asset amounts as typed, an emptied field as 0', () => {
    expect(draftCriteria({ ...peerDraft(criteria), minAssets: '', maxAssets: '2000000000' })).to.deep.equal({ ...criteria, minAssets: 0, maxAssets: 2_000_000_000 });
  });
});
