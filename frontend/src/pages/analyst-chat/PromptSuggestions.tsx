import { useState } from 'react';
import { Box, Button, CircularProgress, List, ListItem, ListItemButton, ListItemText, ListSubheader, Popover, Stack, Typography } from '@mui/material';
import RefreshIcon from '@mui/icons-material/Refresh';
import { useToast } from '../../ui/Toast.tsx';
import { chatApi, type PromptSuggestions as Suggestions } from './api.ts';

/** The starting suggestions, until the user asks for new ones. */
export const defaultSuggestions: Suggestions = {
  'Rank Banks': ['Top 10 banks by ROA', 'Largest banks in Texas by total assets', 'Which 5 banks have the lowest efficiency ratio?'],
  'Analyze a Bank': ['Analyze cert 628', 'Compare cert 628 with its peers', 'Give me a risk overview of cert 3511'],
  'Get Specific Metrics': ['What was the ROA of cert 628 in the latest quarter?', 'Tier 1 capital ratio of cert 3510', 'Net interest margin of cert 7213'],
  'Market & Industry News': ['Market statistics', 'Market statistics for California', 'Latest news about the largest banks'],
};

/** The prompt suggestions popup: four groups of sample questions and 'New Suggestions'. */
export function PromptSuggestions({ anchor, onClose, onPick }: { anchor: HTMLElement | null; onClose: () => void; onPick: (question: string) => void }) {
  const [suggestions, setSuggestions] = useState<Suggestions>(defaultSuggestions);
  const [refreshing, setRefreshing] = useState(false);
  const toast = useToast();
  const refresh = async () => {
    setRefreshing(true);
    try {
      setSuggestions((await chatApi.suggestions()).suggestions);
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
