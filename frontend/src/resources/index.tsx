import { lazy, type ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import TaskIcon from '@mui/icons-material/TaskAltOutlined';
import StarIcon from '@mui/icons-material/StarBorderOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';

/** One view of a resource module, loaded on first visit (each resource is its own chunk). */
function view<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  return lazy(() => load().then((module) => ({ default: pick(module) })));
}

const contacts = () => import('./contacts/ContactResource.tsx');
const tasks = () => import('./tasks/TaskResource.tsx');
const banks = () => import('./targets/TrackedBankResource.tsx');
const activity = () => import('./activity/ActivityList.tsx');

/**
 * The outreach records as react-admin resources, named as the API resources and at react-admin's
 * default routes (`/contacts`, `/contacts/:id/show`, ...). Tracked banks are `banks`, as in the API;
 * banks are tracked by starring them, so there is no create view. `activity` is the user's feed
 * of every change (`/activity`).
 */
export const outreachResources: ResourceProps[] = [
  {
    name: 'contacts',
    list: view(contacts, (module) => module.ContactList),
    show: view(contacts, (module) => module.ContactShow),
    edit: view(contacts, (module) => module.ContactEdit),
    create: view(contacts, (module) => module.ContactCreate),
    icon: PeopleIcon,
    recordRepresentation: 'name',
    options: { label: 'Contacts' },
  },
  {
    name: 'tasks',
    list: view(tasks, (module) => module.TaskList),
    show: view(tasks, (module) => module.TaskShow),
    edit: view(tasks, (module) => module.TaskEdit),
    create: view(tasks, (module) => module.TaskCreate),
    icon: TaskIcon,
    recordRepresentation: 'text',
    options: { label: 'Tasks' },
  },
  {
    name: 'banks',
    list: view(banks, (module) => module.TrackedBankList),
    show: view(banks, (module) => module.TrackedBankShow),
    edit: view(banks, (module) => module.TrackedBankEdit),
    icon: StarIcon,
    recordRepresentation: 'name',
    options: { label: 'Tracked Banks' },
  },
  { name: 'activity', list: view(activity, (module) => module.ActivityList), icon: HistoryIcon, options: { label: 'Activity' } },
];
