import type { ReactNode } from 'react';
import { Box, Stack, Typography } from '@mui/material';
import { MobileMenuButton } from './mobileNav.tsx';

/**
 * The page header: title, optional subtitle, icon, actions, and the mobile menu button. The actions go
 * under the title where the two do not fit side by side (a larger text size): beside it they stuck out of the page.
 */
export function PageHeader({ title, subtitle, icon, actions }: { title: string; subtitle?: ReactNode; icon?: ReactNode; actions?: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      useFlexGap
      data-testid="page-header"
      sx={{ mb: 3, flexWrap: 'wrap', alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        <MobileMenuButton />
        {icon && (
          <Box sx={{ display: 'flex', color: 'primary.main', bgcolor: 'action.hover', borderRadius: 2, p: 1 }} aria-hidden>
            {icon}
          </Box>
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, lineHeight: 1.2, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          {subtitle && (
            <Typography variant="body2" color="text.secondary">
              {subtitle}
            </Typography>
          )}
        </Box>
      </Stack>
      {actions && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          {actions}
        </Stack>
      )}
    </Stack>
  );
}
