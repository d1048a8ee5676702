import { Box } from '@mui/material';
import { formatDate, formatMoney } from '../../../../domain/format.ts';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { KeyValueGrid } from '../components/KeyValueGrid.tsx';
import { PanelEmpty, PanelError, PanelLoading } from '../components/PanelState.tsx';
import { PanelTitle, Section } from '../components/Section.tsx';
import { failureOf } from '../lib/failures.ts';

/** Institution Failure Record. */
export function FailureHistoryPanel({ cert }: { cert: number }) {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const failures = useQuery({ queryKey: ['bank', cert, 'failures'], queryFn: () => dataProvider.failures(cert) });
  let body;
  if (failures.isPending) body = <PanelLoading text="Loading failure history..." />;
  else if (failures.isError) body = <PanelError>Failed to fetch bank failure data.</PanelError>;
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
