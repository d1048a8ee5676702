import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

/** What react-admin's toasts say after a save or a delete on each record list (sent mail is a log: neither): one record |||| several. */
type RecordToasts = { created: string; updated: string; deleted: string };

/**
 * react-admin's own toasts say 'Element created', 'Element updated' and 'Element deleted' whatever
 * the record; each list names its records instead. A tracked bank is never deleted: Delete takes it
 * off the targets and keeps everything of it, and its toast says so.
 */
const recordToasts: Record<string, RecordToasts> = {
  contacts: { created: 'Contact added', updated: 'Contact saved', deleted: 'Contact deleted |||| %{smart_count} contacts deleted' },
  tasks: { created: 'Task added', updated: 'Task saved', deleted: 'Task deleted |||| %{smart_count} tasks deleted' },
  banks: { created: 'Bank tracked', updated: 'Tracked bank saved', deleted: 'Removed from targets |||| %{smart_count} banks removed from targets' },
  templates: { created: 'Template created', updated: 'Template saved', deleted: 'Template deleted |||| %{smart_count} templates deleted' },
  workflows: { created: 'Workflow created', updated: 'Workflow saved', deleted: 'Workflow deleted |||| %{smart_count} workflows deleted' },
};

const messages = {
  ...englishMessages,
  resources: Object.fromEntries(Object.entries(recordToasts).map(([resource, notifications]) => [resource, { notifications }])),
};

/** English, as react-admin's default, with the record lists' toasts above; a missing key shows its default text. */
export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ name: 'en', value: 'English' }], { allowMissing: true });
