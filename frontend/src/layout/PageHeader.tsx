import type { ReactNode } from 'react';
import { Box, IconButton, Stack, Typography, useMediaQuery, type Theme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import { useMobileNav } from './mobileNav.tsx';

/** The page header: title, optional subtitle, icon, actions, and the mobile menu button. */
export function PageHeader({ title, subtitle, icon, actions }: { title: string; subtitle?: ReactNode; icon?: ReactNode; actions?: ReactNode }) {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const mobileNav = useMobileNav();
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 3, alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 0 }}>
        {isSmall && (
          <IconButton aria-label="Open menu" onClick={() => mobileNav.setOpen(true)} edge="start">
            <MenuIcon />
          </IconButton>
        )}
        {icon && (
          <Box sx={{ display: 'flex', color: 'primary.main', bgcolor: 'action.hover', borderRadius: 2, p: 1 }} aria-hidden>
            {icon}
          </Box>
        )}
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, lineHeight: 1.2 }}>
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
