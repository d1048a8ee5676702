import { useEffect, useState, type ReactElement } from 'react';
import {
  Avatar,
  Box,
  Button,
  Collapse,
  Divider,
  Drawer,
  IconButton,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import ChatIcon from '@mui/icons-material/ForumOutlined';
import BankIcon from '@mui/icons-material/AccountBalanceOutlined';
import CreditBoxIcon from '@mui/icons-material/TuneOutlined';
import OutreachIcon from '@mui/icons-material/CampaignOutlined';
import TargetsIcon from '@mui/icons-material/TrackChangesOutlined';
import SentMailIcon from '@mui/icons-material/SendOutlined';
import AutomationIcon from '@mui/icons-material/AutoModeOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import RecordsIcon from '@mui/icons-material/FolderSharedOutlined';
import ContactsIcon from '@mui/icons-material/PeopleAltOutlined';
import TasksIcon from '@mui/icons-material/TaskAltOutlined';
import TrackedBanksIcon from '@mui/icons-material/StarBorderOutlined';
import ActivityIcon from '@mui/icons-material/HistoryOutlined';
import TemplatesIcon from '@mui/icons-material/DescriptionOutlined';
import WorkflowsIcon from '@mui/icons-material/AccountTreeOutlined';
import SentEmailsIcon from '@mui/icons-material/OutboxOutlined';
import ReportsIcon from '@mui/icons-material/QueryStatsOutlined';
import ApiIcon from '@mui/icons-material/VpnKeyOutlined';
import DataToolsIcon from '@mui/icons-material/BuildOutlined';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import LogoutIcon from '@mui/icons-material/LogoutOutlined';
import DarkModeIcon from '@mui/icons-material/DarkModeOutlined';
import LightModeIcon from '@mui/icons-material/LightModeOutlined';
import { LinkBase, useGetIdentity, useLocation, useLogout, useSidebarState, useTheme } from 'react-admin';
import { useMobileNav } from './mobileNav.tsx';
import { isActivePath, isGroup, navigation, type NavGroup, type NavItem } from './navigation.ts';

const icons: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  chat: <ChatIcon />,
  bank: <BankIcon />,
  creditBox: <CreditBoxIcon />,
  outreach: <OutreachIcon />,
  targets: <TargetsIcon />,
  sentMail: <SentMailIcon />,
  automation: <AutomationIcon />,
  settings: <SettingsIcon />,
  records: <RecordsIcon />,
  contacts: <ContactsIcon />,
  tasks: <TasksIcon />,
  trackedBanks: <TrackedBanksIcon />,
  activity: <ActivityIcon />,
  templates: <TemplatesIcon />,
  workflows: <WorkflowsIcon />,
  sentEmails: <SentEmailsIcon />,
  reports: <ReportsIcon />,
  apiConnections: <ApiIcon />,
  dataTools: <DataToolsIcon />,
};

// In rem, 248 and 64 px at the browser's usual text size: a user who sets a larger text size gets a
// sidebar as much wider, where at 248 px its title was cut to 'Charterl' and 'Dashboard' broke mid-word.
export const SIDEBAR_WIDTH = '15.5rem';
export const SIDEBAR_COLLAPSED_WIDTH = '4rem';

/**
 * The app sidebar: collapsible to icons on desktop, a slide-in drawer on small screens.
 * react-admin's (stored) sidebar state says whether it is expanded on desktop.
 */
export function AppSidebar() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [open, setOpen] = useSidebarState();
  const mobile = useMobileNav();
  const expanded = isSmall || open;
  const width = expanded ? SIDEBAR_WIDTH : SIDEBAR_COLLAPSED_WIDTH;
  const closeOnSmall = () => {
    if (isSmall) mobile.setOpen(false);
  };
  const content = <SidebarContent expanded={expanded} onNavigate={closeOnSmall} onToggle={isSmall ? undefined : () => setOpen(!open)} />;

  if (isSmall) {
    return (
      <Drawer variant="temporary" open={mobile.open} onClose={() => mobile.setOpen(false)} ModalProps={{ keepMounted: true }} slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH }, 'aria-label': 'Menu' } }}>
        {content}
      </Drawer>
    );
  }
  return (
    <Drawer
      variant="permanent"
      component="nav"
      aria-label="Main navigation"
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width'),
        '& .MuiDrawer-paper': { width, overflowX: 'hidden', transition: (theme) => theme.transitions.create('width'), boxSizing: 'border-box' },
      }}
    >
      {content}
    </Drawer>
  );
}

function SidebarContent({ expanded, onNavigate, onToggle }: { expanded: boolean; onNavigate: () => void; onToggle?: () => void }) {
  return (
    <Stack sx={{ height: '100%' }}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: expanded ? 'space-between' : 'center', px: expanded ? 2 : 1, py: 1.5, minHeight: 56 }}>
        {expanded && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <BankIcon color="primary" />
            <Typography variant="h6" sx={{ fontWeight: 800, letterSpacing: '-0.02em' }}>
              Charterline
            </Typography>
          </Stack>
        )}
        {onToggle && (
          <IconButton size="small" onClick={onToggle} aria-label={expanded ? 'Collapse sidebar' : 'Expand sidebar'}>
            {expanded ? <ChevronLeftIcon /> : <ChevronRightIcon />}
          </IconButton>
        )}
      </Stack>
      <Divider />
      <List component="div" sx={{ flex: 1, overflowY: 'auto', py: 1 }}>
        {navigation.map((entry) =>
          isGroup(entry) ? (
            <SidebarGroup key={entry.label} group={entry} expanded={expanded} onNavigate={onNavigate} />
          ) : (
            <SidebarLink key={entry.to} item={entry} expanded={expanded} onNavigate={onNavigate} />
          ),
        )}
      </List>
      <Divider />
      <SidebarUser expanded={expanded} />
    </Stack>
  );
}

function SidebarLink({ item, expanded, onNavigate, nested = false }: { item: NavItem; expanded: boolean; onNavigate: () => void; nested?: boolean }) {
  const { pathname } = useLocation();
  const active = isActivePath(item.to, pathname);
  const button = (
    <ListItemButton
      component={LinkBase}
      to={item.to}
      selected={active}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      // A nested link is indented by 8 px, with an icon box 4 px narrower and 8 px less padding on the
      // right than a group's. A label longer than the rest ('Automation Outreach', which the system font
      // makes wider than Arial) goes onto a second line rather than being cut.
      sx={{ mx: 1, borderRadius: 2, ...(expanded && nested ? { pl: 3, pr: 1 } : {}), justifyContent: expanded ? 'flex-start' : 'center' }}
    >
      <ListItemIcon sx={{ minWidth: expanded ? (nested ? 36 : 40) : 0, color: active ? 'primary.main' : undefined }}>{icons[item.icon]}</ListItemIcon>
      {expanded && <ListItemText primary={item.label} slotProps={{ primary: { fontWeight: active ? 700 : 500 } }} />}
    </ListItemButton>
  );
  return expanded ? button : (
    <Tooltip title={item.label} placement="right">
      {button}
    </Tooltip>
  );
}

/**
 * A group closed by default and open while one of its pages is shown (it opens as the user lands on
 * one, from a link anywhere), so the sidebar always shows where they are; its sub-menu is at most
 * 10rem high unless the group shows all its links.
 */
function SidebarGroup({ group, expanded, onNavigate }: { group: NavGroup; expanded: boolean; onNavigate: () => void }) {
  const { pathname } = useLocation();
  const showsCurrentPage = group.items.some((item) => isActivePath(item.to, pathname));
  const [open, setOpen] = useState(showsCurrentPage);
  useEffect(() => {
    if (showsCurrentPage) setOpen(true);
  }, [showsCurrentPage]);
  const header = (
    <ListItemButton onClick={() => setOpen(!open)} aria-expanded={open} sx={{ mx: 1, borderRadius: 2, justifyContent: expanded ? 'flex-start' : 'center' }}>
      <ListItemIcon sx={{ minWidth: expanded ? 40 : 0 }}>{icons[group.icon]}</ListItemIcon>
      {expanded && <ListItemText primary={group.label} slotProps={{ primary: { fontWeight: 500 } }} />}
      {expanded && (open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />)}
    </ListItemButton>
  );
  return (
    <>
      {expanded ? header : (
        <Tooltip title={group.label} placement="right">
          {header}
        </Tooltip>
      )}
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List component="div" disablePadding sx={{ maxHeight: group.showsAllLinks ? undefined : '10rem', overflowY: 'auto' }} data-testid={`sidebar-group-${group.label}`}>
          {group.items.map((item) => (
            <SidebarLink key={item.to} item={item} expanded={expanded} onNavigate={onNavigate} nested />
          ))}
        </List>
      </Collapse>
    </>
  );
}

/** The user's initial, name (or the email when there is no name), the email under a name, sign out and the theme toggle. */
function SidebarUser({ expanded }: { expanded: boolean }) {
  const { identity } = useGetIdentity();
  const logout = useLogout();
  const [theme, setTheme] = useTheme();
  const name = identity?.fullName ?? '';
  const email = (identity?.email as string | undefined) ?? '';
  const hasName = Boolean(name) && name !== email;
  const initial = (name || email || '?').trim().charAt(0).toUpperCase();
  const nextTheme = theme === 'dark' ? 'light' : 'dark';
  const themeButton = (
    <IconButton size="small" onClick={() => setTheme(nextTheme)} aria-label={`Switch to ${nextTheme} mode`}>
      {theme === 'dark' ? <LightModeIcon fontSize="small" /> : <DarkModeIcon fontSize="small" />}
    </IconButton>
  );
  const signOutButton = (
    <IconButton size="small" onClick={() => logout()} aria-label="Sign out">
      <LogoutIcon fontSize="small" />
    </IconButton>
  );
  if (!expanded) {
    return (
      <Stack spacing={1} sx={{ alignItems: 'center', py: 1.5 }}>
        <Tooltip title={name || email} placement="right">
          <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main', fontSize: 14 }}>{initial}</Avatar>
        </Tooltip>
        <Tooltip title="Toggle theme" placement="right">
          {themeButton}
        </Tooltip>
        <Tooltip title="Sign out" placement="right">
          {signOutButton}
        </Tooltip>
      </Stack>
    );
  }
  return (
    <Box sx={{ p: 2 }}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 16 }}>{initial}</Avatar>
        <Box sx={{ minWidth: 0, flex: 1 }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 600 }} data-testid="sidebar-user-name" title={hasName ? name : email}>
            {hasName ? name : email}
          </Typography>
          {hasName && (
            <Typography variant="caption" color="text.secondary" noWrap component="div" title={email}>
              {email}
            </Typography>
          )}
        </Box>
      </Stack>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Button size="small" color="inherit" startIcon={<LogoutIcon fontSize="small" />} onClick={() => logout()} aria-label="Sign out" sx={{ color: 'text.secondary' }}>
          Sign out
        </Button>
        <Tooltip title={theme === 'dark' ? 'Light mode' : 'Dark mode'}>{themeButton}</Tooltip>
      </Stack>
    </Box>
  );
}
