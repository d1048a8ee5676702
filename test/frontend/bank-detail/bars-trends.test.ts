import { expect } from 'chai';
import { layoutGroupedBars } from '../../../frontend/src/bank-detail/lib/bars.ts';
import {
  availableYears,
  axisTicks,
  chartMessage,
  defaultSeries,
  filterPoints,
  paddedDomain,
  quarterTickLabel,
  quarterTicks,
  quarterTime,
  trendSeries,
  withMissingQuarters,
  type HistoricalPoint,
  type TrendFilter,
} from '../../../frontend/src/bank-detail/lib/trends.ts';

const point = (date: string, values: Partial<HistoricalPoint> = {}): HistoricalPoint => ({
  date,
  assets: null,
  deposits: null,
  netIncome: null,
  roa: null,
  nim: null,
  nplRatio: null,
  tier1CapitalRatio: null,
  netChargeOffs: null,
  ...values,
});

describe('grouped bar comparison layout', () => {
  it('scales bars to 110% of the largest absolute value and labels them with two decimals and %', () => {
    const [row] = layoutGroupedBars([{ name: 'ROA', a: 1.1, b: -0.55 }], ['a', 'b'] as const);
    expect(row.bars[0].widthPercent).to.be.closeTo(100 / 1.1, 1e-9);
    expect(row.bars[1].widthPercent).to.be.closeTo(50 / 1.1, 1e-9);
    expect(row.bars[0].label).to.equal('1.10%');
    expect(row.bars[1].label).to.equal('-0.55%');
    expect(row.bars[1].negative).to.equal(true);
  });

  it('puts the label outside bars narrower than 25% of the width', () => {
    const [row] = layoutGroupedBars([{ name: 'x', a: 10, b: 2.7, c: 2.8 }], ['a', 'b', 'c'] as const);
    // 2.7 / 11 = 24.5% (outside), 2.8 / 11 = 25.5% (inside)
    expect(row.bars.map((bar) => bar.labelOutside)).to.deep.equal([false, true, false]);
  });

  it('draws no bar for a missing value and labels it N/A, not 0.00%', () => {
    const [row] = layoutGroupedBars([{ name: 'ROE', a: 2, b: null }], ['a', 'b'] as const);
    expect(row.bars[1]).to.include({ widthPercent: 0, label: 'N/A', labelOutside: true, negative: false });
    expect(row.bars[0].widthPercent).to.be.closeTo(100 / 1.1, 1e-9);
  });

  it('draws nothing when every value is zero', () => {
    const [row] = layoutGroupedBars([{ name: 'x', a: 0 }], ['a'] as const);
    expect(row.bars[0].widthPercent).to.equal(0);
    expect(row.bars[0].labelOutside).to.equal(true);
  });
});

describe('historical trends rules', () => {
  const points = [point('20240331', { assets: 100, roa: 1 }), point('20231231', { assets: 90, roa: 0.8 }), point('20240630', { assets: 110, roa: 1.2 }), point('20230331', { assets: 80 })];

  it('selects Assets, NPL %, Net Income (YTD), Net Charge-Offs (YTD) and ROA % by default and offers three more', () => {
    expect(defaultSeries.map((key) => trendSeries.find((s) => s.key === key)!.label)).to.deep.equal(['Assets', 'NPL %', 'Net Income (YTD)', 'Net Charge-Offs (YTD)', 'ROA %']);
    expect(trendSeries.filter((s) => !defaultSeries.includes(s.key)).map((s) => s.label)).to.deep.equal(['Deposits', 'NIM %', 'Tier 1 Capital %']);
    expect(trendSeries.filter((s) => s.axis === 'money').map((s) => s.key)).to.have.members(['assets', 'deposits', 'netIncome', 'netChargeOffs']);
  });

  it('filters by year and quarter and sorts oldest first', () => {
    expect(filterPoints(points, { year: 'All', quarter: 'All' }).map((p) => p.date)).to.deep.equal(['20230331', '20231231', '20240331', '20240630']);
    expect(filterPoints(points, { year: 2024, quarter: 'All' }).map((p) => p.date)).to.deep.equal(['20240331', '20240630']);
    expect(filterPoints(points, { year: 'All', quarter: 1 }).map((p) => p.date)).to.deep.equal(['20230331', '20240331']);
    expect(filterPoints(points, { year: 2023, quarter: 2 })).to.deep.equal([]);
    expect(availableYears(points)).to.deep.equal([2024, 2023]);
  });

  it('pads the axis range by 10% of the span and spreads 5 ticks across it', () => {
    expect(paddedDomain(points, ['assets'])).to.deep.equal([77, 113]);
    expect(paddedDomain(points, ['nim'])).to.equal(null);
    const [low, high] = paddedDomain([point('20240331', { roa: 2 })], ['roa'])!;
    expect(low).to.be.closeTo(1.8, 1e-9);
    expect(high).to.be.closeTo(2.2, 1e-9);
    expect(axisTicks([0, 100])).to.deep.equal([0, 25, 50, 75, 100]);
    expect(paddedDomain([point('20240331', { netIncome: 1 }), point('20240630', { netIncome: 101 })], ['netIncome'])).to.deep.equal([0, 111]);
    expect(paddedDomain([point('20240331', { roa: -1 }), point('20240630', { roa: 1 })], ['roa'])).to.deep.equal([-1.2, 1.2]);
  });

  it('places each quarter at its last day, so positions are proportional to time', () => {
    expect(quarterTime('20240331')).to.equal(Date.UTC(2024, 2, 31));
    expect(quarterTime('2024-06-30')).to.equal(Date.UTC(2024, 5, 30));
    expect(quarterTime('20241231')).to.equal(Date.UTC(2024, 11, 31));
    expect(quarterTime('not a date')).to.equal(null);
    expect(quarterTickLabel(Date.UTC(2024, 8, 30))).to.equal('Q3 2024');
    // Three quarters apart on the axis, not one as with evenly spaced points.
    const quarter = Date.UTC(2024, 2, 31) - Date.UTC(2023, 11, 31);
    expect(quarterTime('20241231')! - quarterTime('20240331')!).to.be.closeTo(3 * quarter, 3 * 86_400_000);
  });

  it('labels every quarter from the first to the last, the missing ones too, at most 6', () => {
    const all = { year: 'All', quarter: 'All' } as const;
    const labels = (dates: string[], filter: TrendFilter = all) => quarterTicks(dates.map((date) => point(date)), filter).map(quarterTickLabel);
    // 2023 missing between Q4 2022 and Q1 2024: its quarters keep their places on the axis.
    expect(labels(['20221231', '20240331'])).to.deep.equal(['Q4 2022', 'Q1 2023', 'Q2 2023', 'Q3 2023', 'Q4 2023', 'Q1 2024']);
    expect(labels(['20240331', '20240630', '20240930', '20241231'])).to.deep.equal(['Q1 2024', 'Q2 2024', 'Q3 2024', 'Q4 2024']);
    // Seven quarters, one missing: every other one.
    expect(labels(['20220930', '20221231', '20230331', '20230930', '20231231', '20240331'])).to.deep.equal(['Q3 2022', 'Q1 2023', 'Q3 2023', 'Q1 2024']);
    const consecutive = (count: number) => Array.from({ length: count }, (_, index) => point(`${2000 + Math.floor(index / 4)}${['0331', '0630', '0930', '1231'][index % 4]}`));
    for (const count of [1, 6, 7, 13, 40]) expect(quarterTicks(consecutive(count), all)).to.have.length.within(1, 6);
    // One quarter of each year shown: the axis steps by years, a missing year keeping its place.
    expect(labels(['20210331', '20220331', '20240331'], { year: 'All', quarter: 1 })).to.deep.equal(['Q1 2021', 'Q1 2022', 'Q1 2023', 'Q1 2024']);
    expect(labels([])).to.deep.equal([]);
  });

  it('puts an empty point in each missing quarter, so the lines break there instead of bridging it', () => {
    const all = { year: 'All', quarter: 'All' } as const;
    const drawn = withMissingQuarters(filterPoints(points, all), all);
    // 2023: Q1 filed, Q2 and Q3 missing, Q4 filed.
    expect(drawn.map((p) => p.date)).to.deep.equal(['20230331', '20230630', '20230930', '20231231', '20240331', '20240630']);
    expect(drawn.map((p) => p.time)).to.deep.equal(['20230331', '20230630', '20230930', '20231231', '20240331', '20240630'].map(quarterTime));
    expect(drawn[1]).to.deep.include({ assets: null, roa: null, nplRatio: null, netIncome: null });
    expect(drawn[3]).to.deep.include({ assets: 90, roa: 0.8 });
    // One quarter of each year shown: a missing year is the gap, the quarters between are not.
    const firstQuarters = (dates: string[]) => withMissingQuarters(dates.map((date) => point(date, { assets: 1 })), { year: 'All', quarter: 1 }).map((p) => [p.date, p.assets]);
    expect(firstQuarters(['20210331', '20220331', '20240331'])).to.deep.equal([['20210331', 1], ['20220331', 1], ['20230331', null], ['20240331', 1]]);
    expect(withMissingQuarters([], all)).to.deep.equal([]);
  });

  it('says why there is no chart', () => {
    expect(chartMessage([], ['assets'])).to.equal('No data available for chart.');
    expect(chartMessage(points, [])).to.equal('No data available for chart.');
    expect(chartMessage(points.slice(0, 1), ['assets'])).to.equal('Not enough data to display chart.');
    expect(chartMessage(points, ['assets'])).to.equal(null);
  });
});
