import { Box } from '@mui/material';
import BuildIcon from '@mui/icons-material/BuildOutlined';
import { PageHeader } from '../../layout/PageHeader.tsx';
import { ApiDocumentationCard } from './ApiDocumentationCard.tsx';
import { LeadFinderCard } from './LeadFinderCard.tsx';
import { ReadModelsCard } from './ReadModelsCard.tsx';
import { SyncCard } from './SyncCard.tsx';

/** Tools & Utilities (/data-tools): API Documentation, Lead Finder, Bulk Data Sync, Read Models. */
export default function DataTools() {
  return (
    <Box data-testid="data-tools">
      <PageHeader title="Tools & Utilities" subtitle="Data syncs, lead finding, read model rebuilds and the public API." icon={<BuildIcon />} />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(3, minmax(0, 1fr))' }, alignItems: 'stretch' }}>
        <ApiDocumentationCard />
        <LeadFinderCard />
        <SyncCard />
        {/* A row of its own: its table of read models was cut in a third of a laptop's window. */}
        <Box sx={{ gridColumn: '1 / -1' }}>
          <ReadModelsCard />
        </Box>
      </Box>
    </Box>
  );
}
