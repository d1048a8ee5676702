import { expect } from 'chai';
import { findMetric } from '../metrics.ts';
import { figureAnswer, profileAnswer, rankingAnswer } from './answers.ts';

const bank = { cert: 628, name: 'First Demo Bank', city: 'Springfield', state: 'IL' };
const metric = (phrase: string) => findMetric(phrase)!.metric;

describe('offline analyst: answers', () => {
  it('keeps the capitals of acronyms when a metric is named inside a sentence', () => {
    expect(figureAnswer(bank, metric('roa'), 0.92, '20250930')).to.include('reported **return on assets (ROA) of 0.92%**');
    expect(figureAnswer(bank, metric('npl ratio'), null, '20250930')).to.include('reports no noncurrent loans to loans (NPL ratio) for');
    const ranking = rankingAnswer({ quarter: '20250930', metric: metric('npl ratio'), order: 'desc', matching: 1, banks: [{ ...bank, value: 1.5, assets: 1e9 }] as never }, {});
    expect(ranking).to.include('**The bank with the highest noncurrent loans to loans (NPL ratio)**');
  });

  it("starts a bank's identity line with a capital and counts one office in the singular", () => {
    const profile = { ...bank, active: true, inactiveDate: null, quarter: '20250930', regulator: 'FDIC', charterClass: 'SB', offices: 1, website: null, figures: {}, risk: null };
    expect(profileAnswer(profile)).to.include('\n\nRegulator FDIC, charter SB, 1 office.\n');
    expect(profileAnswer({ ...profile, regulator: null, charterClass: null, offices: 3 })).to.include('\n\n3 offices.\n');
  });
});
