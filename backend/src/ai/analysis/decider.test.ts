import { expect } from 'chai';
import { deciderSpec } from '../../commands/decider-spec.ts';
import { readEventData } from '../../events/registry.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { aiAnalysisDecider } from './decider.ts';
import { aiAnalysisEvents } from './events.ts';

const ownerId = '11111111-1111-4111-8111-111111111111';
const spec = deciderSpec(aiAnalysisDecider);
const saved = (content: string, quarter: string | null) => ({ type: 'AiAnalysisGenerated' as const, data: { ownerId, cert: 628, kind: 'risk' as const, content, provider: 'gemini' as const, quarter } });
const save = (content: string, quarter: string) => ({ type: 'SaveAnalysis' as const, ownerId, cert: 628, kind: 'risk' as const, content, provider: 'gemini' as const, quarter });

describe('saved AI analyses', () => {
  it('records the quarter a text comments on, and the same text again for another quarter', () => {
    spec.given([]).when(save('Sound.', '20250630')).then([saved('Sound.', '20250630')]);
    spec.given([saved('Sound.', '20250630')]).when(save('Sound.', '20231231')).then([saved('Sound.', '20231231')]);
  });

  it('records nothing for the very text already saved for that quarter, whatever was saved for another since', () => {
    spec.given([saved('Sound.', '20250630')]).when(save('Sound.', '20250630')).then([]);
    spec.given([saved('Sound.', '20250630'), saved('Strained.', '20231231')]).when(save('Sound.', '20250630')).then([]);
  });

  it('reads an analysis saved before analyses named their quarter (version 1) as of no known quarter', () => {
    const stored: RecordedEvent = {
      streamId: `ai-analysis-${ownerId}-628`,
      streamVersion: 1,
      globalPosition: 1,
      type: aiAnalysisEvents.AiAnalysisGenerated.type,
      data: { ownerId, cert: 628, kind: 'risk', content: 'Sound.', provider: 'offline' },
      metadata: { userId: ownerId, correlationId: 'c', requestId: 'r', source: 'ai', schemaVersion: 1 },
      recordedAt: new Date('2026-11-22T10:00:00Z'),
      position: { commit: '1', prepare: '1' },
    };
    expect(readEventData(stored)).to.deep.equal({ ownerId, cert: 628, kind: 'risk', content: 'Sound.', provider: 'offline', quarter: null });
  });
});
