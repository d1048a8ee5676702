import { Box, Paper, Stack, Typography } from '@mui/material';
import ChatIcon from '@mui/icons-material/ForumOutlined';

/**
 * Analyst Chat (spec 1 section 2). The conversation UI comes with its own issue; until then the page
 * and the side panel say plainly that the chat is not available yet.
 */
export default function AnalystChat({ variant = 'page' }: { variant?: 'page' | 'panel' }) {
  return (
    <Box sx={{ p: variant === 'panel' ? 3 : 0 }}>
      <Stack spacing={0.5} sx={{ mb: 3 }}>
        <Typography variant="h5" component={variant === 'page' ? 'h1' : 'h2'} sx={{ fontWeight: 700 }}>
          Analyst Chat
        </Typography>
        <Typography variant="body2" color="text.secondary">
          AI powered, with regulator data and grounded news.
        </Typography>
      </Stack>
      <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
        <ChatIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} />
        <Typography variant="h6" gutterBottom>
          The Analyst Chat is not available yet
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Conversations with the AI analyst will appear here once this part of Charterline is released.
        </Typography>
      </Paper>
    </Box>
  );
}
