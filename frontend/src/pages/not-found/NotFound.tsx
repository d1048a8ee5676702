import { Button, Stack, Typography } from '@mui/material';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Title } from 'react-admin';
import { useLocation, useNavigate } from 'react-router';

/** What an address that names no screen shows: which address it was, and the way back to the Dashboard. */
export default function NotFound() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <Stack spacing={2} sx={{ maxWidth: 560, mx: 'auto', mt: 6, alignItems: 'center', textAlign: 'center' }}>
      {/* The shell's title row, as on record screens: beside it a phone has its menu button. */}
      <Title title="Page not found" />
      <SearchOffIcon sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        There is no page at <code>{pathname}</code>. The link may be old, or the address mistyped.
      </Typography>
      <Button variant="contained" onClick={() => navigate('/')}>
        Go to the Dashboard
      </Button>
    </Stack>
  );
}
