import { expect } from 'chai';
import { findNamedBank, parseIntent, type NamedBank } from './intents.ts';

const banks: NamedBank[] = [
  { cert: 91268, name: 'Zephyr Plains Frontier Demo Trust Company 2', assets: 5e9 },
  { cert: 90670, name: 'Opal Prairie River Demo Bank', assets: 1.6e10 },
];

describe('offline analyst: reading a question', () => {
  it('finds a bank named just before a question mark, an exclamation mark, a colon or a semicolon', () => {
    for (const end of ['?', '!', ':', ';', '?!']) {
      expect(findNamedBank(`What is the ROA of Opal Prairie River Demo Bank${end}`, banks)?.cert, end).to.equal(90670);
    }
  });

  it("asks for the named bank's figure, not a ranking, when the question ends with a question mark", () => {
    const intent = parseIntent('What is the NPL ratio of Zephyr Plains Frontier Demo Trust Company 2?', banks);
    expect(intent.kind).to.equal('figure');
    expect(intent.kind === 'figure' && intent.bank.cert).to.equal(91268);
    expect(parseIntent('How is Opal Prairie River Demo Bank?', banks).kind).to.equal('analyse');
  });
});

describe('offline analyst: how many banks a ranking asks for', () => {
  it('asks for one bank when the question asks which bank, and for a list when it asks which banks', () => {
    const one = parseIntent('Which bank has the lowest Tier 1 capital ratio?', banks);
    expect(one.kind === 'rank' && one.limit).to.equal(1);
    const what = parseIntent('What bank has the highest ROA in Texas?', banks);
    expect(what.kind === 'rank' && what.limit).to.equal(1);
    const many = parseIntent('Which banks have the lowest Tier 1 capital ratio?', banks);
    expect(many.kind === 'rank' && many.limit).to.equal(10);
  });
});

describe('offline analyst: a size filter beside the metric to rank by', () => {
  it('ranks by the metric asked, reading "assets between $1B and $2B" or "over $5B in assets" as a size filter only', () => {
    const between = parseIntent('Top 3 banks by ROE with assets between $1B and $2B', banks);
    expect(between.kind === 'rank' && [between.metric.column, between.filters.minAssets, between.filters.maxAssets]).to.deep.equal(['roe', 1e9, 2e9]);
    const over = parseIntent('Which banks over $5 billion in assets have the best efficiency ratio?', banks);
    expect(over.kind === 'rank' && [over.metric.column, over.filters.minAssets]).to.deep.equal(['efficiency_ratio', 5e9]);
    const size = parseIntent('Largest banks with assets over $1B', banks);
    expect(size.kind === 'rank' && [size.metric.column, size.filters.minAssets]).to.deep.equal(['assets', 1e9]);
  });
});
