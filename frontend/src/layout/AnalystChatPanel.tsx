import { Suspense, useState } from 'react';
import { retryingLazy } from '../ui/retryingLazy.tsx';
import { PageErrorBoundary } from '../ui/PageErrorBoundary.tsx';
import { Box, CircularProgress, Drawer, Fab, IconButton, Tooltip } from '@mui/material';
import ChatIcon from '@mui/icons-material/AutoAwesome';
import CloseIcon from '@mui/icons-material/Close';
import { useLocation } from 'react-admin';
import { chatPurple, inForcedColors } from '../theme.ts';

const AnalystChat = retryingLazy(() => import('../pages/analyst-chat/AnalystChat.tsx'));

/**
 * The floating purple button and the right-side Analyst Chat panel with its backdrop and close button.
 * The button hides while the panel is open and on /analyst-chat.
 */
export function AnalystChatPanel() {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const onChatPage = pathname.startsWith('/analyst-chat');
  return (
    <>
      {!open && !onChatPage && (
        <Tooltip title="Ask the Analyst" placement="left">
          <Fab
            aria-label="Open Analyst Chat"
            onClick={() => setOpen(true)}
            // In forced colours its purple fill is painted as the page: a border in the button text colour keeps its circle.
            // On a phone a form's Save and Delete sit in a bar fixed at the foot of the screen (80 px): the button
            // stands above it there, as it covered Delete.
            sx={{
              position: 'fixed',
              right: 24,
              bottom: 24,
              'body:has(.RaToolbar-mobileToolbar) &': { bottom: 80 + 16 },
              bgcolor: chatPurple,
              color: '#fff',
              '&:hover': { bgcolor: '#6d28d9' },
              zIndex: (theme) => theme.zIndex.speedDial,
              [inForcedColors]: { border: '2px solid ButtonText' },
            }}
          >
            <ChatIcon />
          </Fab>
        </Tooltip>
      )}
      <Drawer anchor="right" open={open && !onChatPage} onClose={() => setOpen(false)} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } } } }}>
        <Box sx={{ position: 'relative', height: '100%' }}>
          <IconButton aria-label="Close Analyst Chat" onClick={() => setOpen(false)} sx={{ position: 'absolute', top: 12, right: 12, zIndex: 1 }}>
            <CloseIcon />
          </IconButton>
          <PageErrorBoundary>
            <Suspense fallback={<CircularProgress sx={{ m: 4 }} />}>{open && <AnalystChat variant="panel" />}</Suspense>
          </PageErrorBoundary>
        </Box>
      </Drawer>
    </>
  );
}
