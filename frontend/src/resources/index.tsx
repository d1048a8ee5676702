import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import TaskIcon from '@mui/icons-material/TaskAltOutlined';
import StarIcon from '@mui/icons-material/StarBorderOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import TemplateIcon from '@mui/icons-material/DescriptionOutlined';
import WorkflowIcon from '@mui/icons-material/AccountTreeOutlined';
import MailIcon from '@mui/icons-material/OutboxOutlined';
import { retryingLazy } from '../ui/retryingLazy.tsx';

/** One view of a resource module, loaded on first visit (each resource is its own chunk). */
function view<Module>(load: () => Promise<Module>, pick: (module: Module) => ComponentType) {
  const loadView = (): Promise<{ default: ComponentType }> => load().then((module) => ({ default: pick(module) }));
  return retryingLazy(loadView);
}

const contacts = () => import('./contacts/ContactResource.tsx');
const tasks = () => import('./tasks/TaskResource.tsx');
const banks = () => import('./targets/TrackedBankResource.tsx');
const trackBank = () => import('./targets/TrackBankCreate.tsx');
const activity = () => import('./activity/ActivityList.tsx');
const templates = () => import('./templates/TemplateResource.tsx');
const workflows = () => import('./workflows/WorkflowResource.tsx');
const sentEmails = () => import('./sent-emails/SentEmailResource.tsx');

/**
 * The outreach records as react-admin resources, named as the API resources and at react-admin's
 * default routes (`/contacts`, `/contacts/:id/show`, ...). Tracked banks are `banks`, as in the API;
 * a bank is tracked by starring it, or from its create view, which finds it in the regulator data. Sent emails are a log: list and
 * show only (they are sent from a contact, and resent or dismissed from their page). `activity` is the user's feed
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
    create: view(trackBank, (module) => module.TrackBankCreate),
    icon: StarIcon,
    recordRepresentation: 'name',
    options: { label: 'Tracked Banks' },
  },
  {
    name: 'templates',
    list: view(templates, (module) => module.TemplateList),
    show: view(templates, (module) => module.TemplateShow),
    edit: view(templates, (module) => module.TemplateEdit),
    create: view(templates, (module) => module.TemplateCreate),
    icon: TemplateIcon,
    recordRepresentation: 'name',
    options: { label: 'Templates' },
  },
  {
    name: 'workflows',
    list: view(workflows, (module) => module.WorkflowList),
    show: view(workflows, (module) => module.WorkflowShow),
    edit: view(workflows, (module) => module.WorkflowEdit),
    create: view(workflows, (module) => module.WorkflowCreate),
    icon: WorkflowIcon,
    recordRepresentation: 'name',
    options: { label: 'Workflows' },
  },
  {
    name: 'sent-emails',
    list: view(sentEmails, (module) => module.SentEmailList),
    show: view(sentEmails, (module) => module.SentEmailShow),
    icon: MailIcon,
    recordRepresentation: 'subject',
    options: { label: 'Sent Emails' },
  },
  { name: 'activity', list: view(activity, (module) => module.ActivityList), icon: HistoryIcon, options: { label: 'Activity' } },
];
