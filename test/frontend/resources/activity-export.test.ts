import { expect } from 'chai';
import { timelineCsvColumns, type ActivityRow } from '../../../frontend/src/resources/activity/timeline.ts';
import { toCsv } from '../../../frontend/src/resources/shared/csv.ts';
import { inTimeZone } from '../../support/time-zone.ts';

describe('the Activity CSV', () => {
  it('writes a moment inside what happened on the user\'s clock, as the screen shows it', () => {
    const row: ActivityRow = {
      id: 41,
      resource: 'enrolments',
      recordId: 'e-1',
      type: 'StepScheduled',
      summary: 'Scheduled step 2 for 2026-12-01T14:00:00.000Z',
      source: 'workflow',
      version: 3,
      occurredAt: '2026-11-29T19:54:25.000Z',
    };
    const lines = inTimeZone('America/Chicago', () => toCsv([row], timelineCsvColumns).split('\r\n'));
    expect(lines).to.deep.equal([
      'When,Record,Record id,Event,What happened,By',
      '2026-11-29 13:54:25,Automation enrolment,e-1,Step scheduled,"Scheduled step 2 for Dec 1, 2026, 8:00 AM",Workflow',
    ]);
  });
});
