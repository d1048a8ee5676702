import { Box, List, ListItem, ListItemButton, ListItemText, ListSubheader, Tooltip } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { BankDetailView } from './views.ts';
import { disabledReason, navigationGroups, type AvailabilityFacts } from './lib/navigation.ts';

/** The left navigation: groups of views, with the views that have nothing to show disabled and saying why. */
export function DetailNavigation({ view, facts, onSelect }: { view: BankDetailView; facts: AvailabilityFacts; onSelect: (view: BankDetailView) => void }) {
  return (
    <Box
      component="nav"
      aria-label="Bank detail views"
      sx={{
        width: { xs: '100%', md: 232 },
        flexShrink: 0,
        borderRight: { md: 1 },
        borderBottom: { xs: 1, md: 0 },
        borderColor: 'divider',
        bgcolor: 'background.paper',
        overflowY: 'auto',
        maxHeight: { xs: 180, md: 'none' },
      }}
    >
      {/* A group's title stays at the top while its views scroll under it (the short list of a phone): it needs the nav's own background to hide them. */}
      {navigationGroups.map((group) => (
        <List key={group.title} dense subheader={<ListSubheader sx={{ bgcolor: 'background.paper', fontWeight: 700, lineHeight: '36px' }}>{group.title}</ListSubheader>}>
          {group.items.map((item) => {
            const reason = disabledReason(item.view, facts);
            const button = (
              // The view shown is told to a screen reader as the current one, and a disabled view's reason
              // is read with it: its tooltip opens to a pointer only (a disabled view takes no focus).
              <ListItemButton
                selected={view === item.view}
                aria-current={view === item.view ? 'page' : undefined}
                disabled={reason !== null}
                onClick={() => onSelect(item.view)}
                data-view={item.view}
                sx={{ borderRadius: 1, mx: 1 }}
              >
                <ListItemText primary={item.label} />
                {reason && <Box component="span" sx={visuallyHidden}>{` (${reason})`}</Box>}
              </ListItemButton>
            );
            return (
              <ListItem key={item.view} disablePadding sx={{ display: 'block' }}>
                {reason ? (
                  // A disabled button takes no pointer events: the tooltip saying why listens on its wrapper.
                  <Tooltip title={reason} placement="right">
                    <Box component="span" sx={{ display: 'block' }}>
                      {button}
                    </Box>
                  </Tooltip>
                ) : (
                  button
                )}
              </ListItem>
            );
          })}
        </List>
      ))}
    </Box>
  );
}
