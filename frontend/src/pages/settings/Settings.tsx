import { Box, Paper, Tab, Tabs } from '@mui/material';
import { type ComponentType } from 'react';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../layout/PageHeader.tsx';
import { AccountTab } from './AccountTab.tsx';
import { ApiAccessTab } from './ApiAccessTab.tsx';
import { AutomationTab } from './AutomationTab.tsx';
import { DataEnrichmentTab } from './DataEnrichmentTab.tsx';
import { GeminiTab } from './GeminiTab.tsx';
import { PlaceholderEngineTab } from './PlaceholderEngineTab.tsx';

/**
 * The settings tabs (API Access, Data Enrichment, Gemini & AI and Placeholder Engine, then Automation and Account), in the order users see them; each tab lives in its own file.
 * A tab opens by its `id` in the address (`/settings?tab=automation`), so other screens can link to it.
 */
const tabs: { id: string; label: string; component: ComponentType }[] = [
  { id: 'api-access', label: 'API Access', component: ApiAccessTab },
  { id: 'data-enrichment', label: 'Data Enrichment', component: DataEnrichmentTab },
  { id: 'ai', label: 'Gemini & AI', component: GeminiTab },
  { id: 'placeholders', label: 'Placeholder Engine', component: PlaceholderEngineTab },
  { id: 'automation', label: 'Automation', component: AutomationTab },
  { id: 'account', label: 'Account', component: AccountTab },
];

export default function SettingsScreen() {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = Math.max(0, tabs.findIndex((tab) => tab.id === searchParams.get('tab')));
  const setActive = (index: number) => setSearchParams({ tab: tabs[index].id }, { replace: true });
  const ActiveTab = tabs[active].component;
  return (
    <>
      <PageHeader title="API Connections" subtitle="Settings & API Tests" />
      <Paper variant="outlined">
        <Tabs value={active} onChange={(_event, index: number) => setActive(index)} variant="scrollable" allowScrollButtonsMobile>
          {tabs.map((tab) => (
            <Tab key={tab.label} label={tab.label} id={`settings-tab-${tab.id}`} aria-controls="settings-tab-panel" />
          ))}
        </Tabs>
        {/* A tab names the panel it shows, so a screen reader can go from the tab to what it opened. */}
        <Box role="tabpanel" id="settings-tab-panel" aria-labelledby={`settings-tab-${tabs[active].id}`} sx={{ p: { xs: 2, md: 3 }, borderTop: 1, borderColor: 'divider' }}>
          <ActiveTab />
        </Box>
      </Paper>
    </>
  );
}
