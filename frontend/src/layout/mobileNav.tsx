import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { IconButton, useMediaQuery, type Theme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';

/**
 * Whether the slide-in navigation drawer is open on small screens. Kept apart from react-admin's
 * persisted sidebar state (which means "expanded" on desktop) so a phone never opens with the drawer over the page.
 */
type MobileNav = { open: boolean; setOpen: (open: boolean) => void };

const MobileNavContext = createContext<MobileNav>({ open: false, setOpen: () => undefined });

export function MobileNavProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ open, setOpen }), [open]);
  return <MobileNavContext.Provider value={value}>{children}</MobileNavContext.Provider>;
}

export function useMobileNav(): MobileNav {
  return useContext(MobileNavContext);
}

/** On small screens, where the sidebar is a drawer, the button that opens it; nothing on wider ones. */
export function MobileMenuButton() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const mobileNav = useMobileNav();
  if (!isSmall) return null;
  return (
    <IconButton aria-label="Open menu" onClick={() => mobileNav.setOpen(true)} edge="start">
      <MenuIcon />
    </IconButton>
  );
}
