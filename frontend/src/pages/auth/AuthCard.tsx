import type { ReactNode } from 'react';
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import BankIcon from '@mui/icons-material/AccountBalanceOutlined';
import { useDocumentTitle } from '../../layout/documentTitle.ts';

/** The centred card the sign-in and sign-up screens share. */
export function AuthCard({ title, subtitle, children, footer }: { title: string; subtitle: string; children: ReactNode; footer: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', bgcolor: 'background.default', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 420 }}>
        <CardContent sx={{ p: 4 }}>
          <Stack spacing={1} sx={{ alignItems: 'center', mb: 3 }}>
            <BankIcon color="primary" sx={{ fontSize: 40 }} />
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
              {subtitle}
            </Typography>
          </Stack>
          {children}
          <Typography variant="body2" sx={{ mt: 3, textAlign: 'center' }}>
            {footer}
          </Typography>
        </CardContent>
      </Card>
    </Box>
  );
}

/** The server's message when it sent one, else the screen's own fallback. */
export function authErrorMessage(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : '';
  if (!message || message === 'Failed to sign in' || message === 'Failed to sign up' || message === 'API request failed') return fallback;
  return message;
}
