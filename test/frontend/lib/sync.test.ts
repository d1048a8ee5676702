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

  it('shows a run a shutdown or restart stopped as a warning saying from where starting it again continues, not as a failure', () => {
    const message = 'The sync was stopped before it finished (a server shutting down, or Ctrl+C on npm run sync). Start the sync again to continue from 45 of 135 records.';
    expect(syncNotice({ status: 'stopped', progress: 65, total: 135, message })).to.deep.equal({ severity: 'warning', text: 'Sync stopped', detail: message });
    expect(isRunning({ status: 'stopped', progress: 65, total: 135, message })).to.equal(false);
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
