import { expect } from 'chai';
import { readEventData } from '../../events/registry.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { activitySummary } from '../registry.ts';
import { taskEvents } from './events.ts';

describe('task events', () => {
  it('reads a move stored before it named the bank (version 1) as a move to a bank known by its cert', () => {
    const stored: RecordedEvent = {
      streamId: 'task-33333333-3333-4333-8333-333333333333',
      streamVersion: 2,
      globalPosition: 2,
      type: taskEvents.TaskMovedToBank.type,
      data: { bankId: 703 },
      metadata: { userId: '11111111-1111-4111-8111-111111111111', correlationId: 'c', requestId: 'r', source: 'api', schemaVersion: 1 },
      recordedAt: new Date('2026-11-22T10:00:00Z'),
      position: { commit: '2', prepare: '2' },
    };
    const data = readEventData(stored);
    expect(data).to.deep.equal({ bankId: 703, bankName: null });
    expect(activitySummary('TaskMovedToBank', data)).to.equal('Moved task to the bank with FDIC cert 703');
  });
});
