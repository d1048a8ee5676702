import { useState } from 'react';
import { Box, Button, CircularProgress, List, ListItem, ListItemButton, ListItemText, ListSubheader, Popover, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { bankRowsOf } from '../../lib/fdic-row.ts';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import { useToast } from '../../ui/Toast.tsx';
import { chatApi, type PromptSuggestions as Suggestions } from './api.ts';

/** The four largest US banks' certificates (JPMorgan Chase, Bank of America, Wells Fargo, Citibank): the bank questions' subjects until the mirror's own largest are known. */
const largestUsBanks = [628, 3510, 3511, 7213];

/**
 * The starting suggestions, until the user asks for new ones. Their bank questions name the largest
 * banks the mirror holds, so each can be answered (the demo banks have other certificates).
 */
export function startingSuggestions(largest: number[]): Suggestions {
  const [first, second, third, fourth] = largestUsBanks.map((cert, index) => largest[index] ?? largest[0] ?? cert);
  return {
    'Rank Banks': ['Top 10 banks by ROA', 'Largest banks in Texas by total assets', 'Which 5 banks have the lowest efficiency ratio?'],
    'Analyze a Bank': [`Analyze cert ${first}`, `Compare cert ${first} with its peers`, `Give me a risk overview of cert ${third}`],
    'Get Specific Metrics': [`What was the ROA of cert ${first} in the latest quarter?`, `Tier 1 capital ratio of cert ${second}`, `Net interest margin of cert ${fourth}`],
    'Market & Industry News': ['Market statistics', 'Market statistics for California', 'Latest news about the largest banks'],
  };
}

/** The certificates of the mirror's four largest banks by assets (none while loading or when it cannot say). */
function useLargestBanks(): number[] {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const largest = useQuery({
    queryKey: ['fdic', 'largest-banks'],
    queryFn: ({ signal }) => dataProvider.financialsQuery({ limit: 4, sort_by: 'ASSET', sort_order: 'DESC', fields: 'CERT' }, signal),
    staleTime: Infinity,
  });
  return bankRowsOf(largest.data).map((bank) => bank.cert);
}

/** The prompt suggestions popup: four groups of sample questions and 'New Suggestions'. */
export function PromptSuggestions({ anchor, onClose, onPick }: { anchor: HTMLElement | null; onClose: () => void; onPick: (question: string) => void }) {
  const largest = useLargestBanks();
  const [asked, setAsked] = useState<Suggestions>();
  const suggestions = asked ?? startingSuggestions(largest);
  const [refreshing, setRefreshing] = useState(false);
  const toast = useToast();
  const refresh = async () => {
    setRefreshing(true);
    try {
      setAsked((await chatApi.suggestions()).suggestions);
      toast.success('New prompt suggestions loaded.');
    } catch {
      toast.error('Could not load new suggestions.');
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <Popover open={Boolean(anchor)} anchorEl={anchor} onClose={onClose} anchorOrigin={{ vertical: 'top', horizontal: 'left' }} transformOrigin={{ vertical: 'bottom', horizontal: 'left' }}>
      <Box sx={{ width: { xs: 320, sm: 420 }, maxHeight: 440, overflowY: 'auto' }} data-testid="prompt-suggestions">
        <Stack direction="row" alignItems="center" justifyContent="space-between" sx={{ px: 2, pt: 1.5 }}>
          <Typography variant="subtitle2">Prompt suggestions</Typography>
          <Button size="small" onClick={refresh} disabled={refreshing} startIcon={refreshing ? <CircularProgress size={14} /> : <RefreshIcon />}>
            {refreshing ? 'Refreshing...' : 'New Suggestions'}
          </Button>
        </Stack>
        {Object.entries(suggestions).map(([group, questions]) => (
          <List key={group} dense subheader={<ListSubheader sx={{ lineHeight: '32px', bgcolor: 'background.paper' }}>{group}</ListSubheader>}>
            {questions.map((question) => (
              <ListItem key={question} disablePadding>
                <ListItemButton onClick={() => onPick(question)}>
                  <ListItemText primary={question} slotProps={{ primary: { variant: 'body2' } }} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        ))}
      </Box>
    </Popover>
  );
}
