import { Box, Paper, Tab, Tabs } from '@mui/material';
import { useState, type ComponentType } from 'react';
import { PageHeader } from '../../layout/PageHeader.tsx';
import { ApiAccessTab } from './ApiAccessTab.tsx';
import { AutomationTab } from './AutomationTab.tsx';
import { DataEnrichmentTab } from './DataEnrichmentTab.tsx';
import { GeminiTab } from './GeminiTab.tsx';
import { PlaceholderEngineTab } from './PlaceholderEngineTab.tsx';

/** The settings tabs (API Access, Data Enrichment, Gemini & AI and Placeholder Engine, then Automation), in the order users see them; each tab lives in its own file. */
const tabs: { label: string; component: ComponentType }[] = [
  { label: 'API Access', component: ApiAccessTab },
  { label: 'Data Enrichment', component: DataEnrichmentTab },
  { label: 'Gemini & AI', component: GeminiTab },
  { label: 'Placeholder Engine', component: PlaceholderEngineTab },
  { label: 'Automation', component: AutomationTab },
];

export default function SettingsScreen() {
  const [active, setActive] = useState(0);
  const ActiveTab = tabs[active].component;
  return (
    <>
      <PageHeader title="API Connections" subtitle="Settings & API Tests" />
      <Paper variant="outlined">
        <Tabs value={active} onChange={(_event, index: number) => setActive(index)} variant="scrollable" allowScrollButtonsMobile>
          {tabs.map((tab) => (
            <Tab key={tab.label} label={tab.label} />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 2, md: 3 }, borderTop: 1, borderColor: 'divider' }}>
          <ActiveTab />
        </Box>
      </Paper>
    </>
  );
}
