import { expect } from 'chai';
import type { RebuildRun } from '../../../domain/records/read-models.ts';
import { durationLabel, rebuildPercent, rebuildProgressText } from '../../../frontend/src/lib/rebuild.ts';

const run = (overrides: Partial<RebuildRun>): RebuildRun => ({
  id: 1,
  projections: ['tasks'],
  status: 'running',
  phase: 'building',
  done: 12_000,
  total: 40_000,
  ratePerSecond: 9_500.4,
  etaSeconds: 2.9,
  startedAt: '2026-11-25T08:00:00.000Z',
  finishedAt: null,
  error: null,
  ...overrides,
});

describe('read model rebuild display', () => {
  it('shows events done of total, the rate and the time left while running', () => {
    expect(rebuildProgressText(run({}))).to.equal('12,000 of 40,000 events · 9,500 events/s · about 3 s left');
    expect(rebuildPercent(run({}))).to.equal(30);
  });

  it('drops the time left once finished and shows a full bar', () => {
    const complete = run({ status: 'complete', done: 40_000, etaSeconds: null });
    expect(rebuildProgressText(complete)).to.equal('40,000 of 40,000 events · 9,500 events/s');
    expect(rebuildPercent(complete)).to.equal(100);
    expect(rebuildPercent(run({ total: 0, done: 0 }))).to.equal(0);
  });

  it('writes durations as seconds, minutes or hours', () => {
    expect(durationLabel(0.2)).to.equal('1 s');
    expect(durationLabel(65)).to.equal('1:05');
    expect(durationLabel(3725)).to.equal('1:02:05');
  });
});
