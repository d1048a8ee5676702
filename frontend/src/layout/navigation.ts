/** The sidebar: top-level screens, then the Outreach, Records and Settings groups. */
export type NavItem = { label: string; to: string; icon: string };
/** An open group's sub-menu scrolls past 10rem, unless it `showsAllLinks`. */
export type NavGroup = { label: string; icon: string; items: NavItem[]; showsAllLinks?: boolean };
export type NavEntry = NavItem | NavGroup;

export const navigation: NavEntry[] = [
  { label: 'Dashboard', to: '/', icon: 'dashboard' },
  { label: 'Analyst Chat', to: '/analyst-chat', icon: 'chat' },
  { label: 'Bank Directory', to: '/bank-directory', icon: 'bank' },
  { label: 'Credit Box', to: '/credit-box', icon: 'creditBox' },
  {
    label: 'Outreach',
    icon: 'outreach',
    items: [
      { label: 'Targets', to: '/outreach/targets', icon: 'targets' },
      { label: 'Sent Mail', to: '/outreach/sent-mail', icon: 'sentMail' },
      { label: 'Automation Outreach', to: '/outreach/automation', icon: 'automation' },
    ],
  },
  {
    // Every outreach record as a list with filters, export and history; beside the screens above.
    // Its eight links all show when open: 10rem holds three and a half, and the rest would hide
    // behind a scroll a user has no reason to expect.
    label: 'Records',
    icon: 'records',
    showsAllLinks: true,
    items: [
      { label: 'Contacts', to: '/contacts', icon: 'contacts' },
      { label: 'Tasks', to: '/tasks', icon: 'tasks' },
      { label: 'Tracked Banks', to: '/banks', icon: 'trackedBanks' },
      { label: 'Templates', to: '/templates', icon: 'templates' },
      { label: 'Workflows', to: '/workflows', icon: 'workflows' },
      { label: 'Sent Emails', to: '/sent-emails', icon: 'sentEmails' },
      { label: 'Activity', to: '/activity', icon: 'activity' },
      { label: 'Reports', to: '/reports', icon: 'reports' },
    ],
  },
  {
    label: 'Settings',
    icon: 'settings',
    items: [
      { label: 'API Connections', to: '/settings', icon: 'apiConnections' },
      { label: 'Data Tools', to: '/data-tools', icon: 'dataTools' },
    ],
  },
];

/** Where the Do Not Contact list lives: Settings › Automation (a settings tab opens by its id in the address). */
export const doNotContactPath = '/settings?tab=automation';

export function isGroup(entry: NavEntry): entry is NavGroup {
  return 'items' in entry;
}

/** Whether a link is the current page: `/` only matches itself, others match their sub-paths too. */
export function isActivePath(to: string, pathname: string): boolean {
  if (to === '/') return pathname === '/' || pathname === '';
  return pathname === to || pathname.startsWith(`${to}/`);
}
