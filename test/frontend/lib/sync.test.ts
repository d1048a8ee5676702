import { expect } from 'chai';
import { formatLocalMoment } from '../../../domain/format.ts';
import { isRunning, progressPercent, syncNotice } from '../../../frontend/src/lib/sync.ts';

describe('bulk data sync display', () => {
  it('computes the progress bar from progress and total', () => {
    expect(progressPercent({ status: 'running', progress: 250, total: 1000, message: '' })).to.equal(25);
    expect(progressPercent({ status: 'running', progress: 5, total: 0, message: '' })).to.equal(0);
    expect(progressPercent({ status: 'complete', progress: 0, total: 0, message: '' })).to.equal(100);
    expect(progressPercent(undefined)).to.equal(0);
  });

  it('announces completion and failures with the spec texts', () => {
    expect(syncNotice({ status: 'complete', progress: 1, total: 1, message: '' })).to.deep.equal({ severity: 'success', text: 'Institution sync finished successfully!' });
    expect(syncNotice({ status: 'error', progress: 1, total: 9, message: 'FDIC answered 503' })).to.deep.equal({ severity: 'error', text: 'Sync failed: FDIC answered 503' });
    expect(syncNotice({ status: 'idle', progress: 0, total: 0, message: '' })).to.equal(null);
  });

  it('says under the completion what was synced and when it finished', () => {
    const finishedAt = '2026-11-29T16:56:27.710Z';
    const notice = syncNotice({ status: 'complete', progress: 9, total: 9, message: 'Synced 4,338 active institutions from FDIC BankFind.', finishedAt });
    expect(notice).to.deep.equal({
      severity: 'success',
      text: 'Institution sync finished successfully!',
      detail: `Synced 4,338 active institutions from FDIC BankFind. Finished ${formatLocalMoment(finishedAt)}.`,
    });
  });

  it('polls only while running', () => {
    expect(isRunning({ status: 'running', progress: 0, total: 0, message: '' })).to.equal(true);
    expect(isRunning({ status: 'complete', progress: 0, total: 0, message: '' })).to.equal(false);
  });
});
