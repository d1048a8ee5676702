import { Box } from '@mui/material';
import { formatDate, formatMoney } from '../../../../domain/format.ts';
import { bankDetailApi } from '../api.ts';
import { KeyValueGrid } from '../components/KeyValueGrid.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '../components/PanelState.tsx';
import { PanelTitle, Section } from '../components/Section.tsx';
import { failureOf } from '../lib/failures.ts';
import { useLoad } from '../useLoad.ts';

/** Institution Failure Record. */
export function FailureHistoryPanel({ cert }: { cert: number }) {
  const failures = useLoad(() => bankDetailApi.failures(cert), [cert]);
  let body;
  if (failures.status === 'loading') body = <PanelLoading text="Loading failure history..." />;
  else if (failures.status === 'error') body = <PanelError>Failed to fetch bank failure data.</PanelError>;
  else if (!failures.data || failures.data.length === 0) body = <PanelEmpty>No failure history found for this institution.</PanelEmpty>;
  else
    body = failures.data.map(failureOf).map((failure, index) => (
      <Section key={`${failure.fin ?? index}`} title={`Failed ${formatDate(failure.failDate)}`}>
        <KeyValueGrid
          items={[
            { label: 'Failure Date', value: formatDate(failure.failDate) },
            { label: 'City / State', value: failure.cityState ?? 'N/A' },
            { label: 'Total Assets', value: formatMoney(failure.assets) },
            { label: 'Total Deposits', value: formatMoney(failure.deposits) },
            { label: 'Estimated Loss', value: formatMoney(failure.estimatedLoss) },
            { label: 'FIN', value: failure.fin ?? 'N/A' },
          ]}
        />
      </Section>
    ));
  return (
    <Box data-testid="failures-panel">
      <PanelTitle>Failure History</PanelTitle>
      {body}
    </Box>
  );
}
