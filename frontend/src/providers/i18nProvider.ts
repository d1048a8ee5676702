import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';

/**
 * What each record list says where react-admin's own texts say 'Element created', 'Element deleted'
 * or '2 items selected', whatever the record: its toasts after a save or a delete, and the bar over
 * ticked rows, in the words the other screens' toasts use. Sent mail is a log: it has neither. One
 * record |||| several. A contact added names the person (`ContactCreate`).
 */
type RecordTexts = { created?: string; updated: string; deleted: string; selected: string };

/** A tracked bank is never deleted: Delete takes it off the targets and keeps everything of it, and its toast says so. */
const recordTexts: Record<string, RecordTexts> = {
  contacts: { updated: 'Contact saved.', deleted: 'Contact deleted. |||| %{smart_count} contacts deleted.', selected: '1 contact selected |||| %{smart_count} contacts selected' },
  tasks: { created: 'Task added.', updated: 'Task saved.', deleted: 'Task deleted. |||| %{smart_count} tasks deleted.', selected: '1 task selected |||| %{smart_count} tasks selected' },
  banks: { created: 'Bank tracked.', updated: 'Tracked bank saved.', deleted: 'Removed from targets. |||| %{smart_count} banks removed from targets.', selected: '1 bank selected |||| %{smart_count} banks selected' },
  templates: { created: 'Template created.', updated: 'Template saved.', deleted: 'Template deleted. |||| %{smart_count} templates deleted.', selected: '1 template selected |||| %{smart_count} templates selected' },
  workflows: { created: 'Workflow created.', updated: 'Workflow saved.', deleted: 'Workflow deleted. |||| %{smart_count} workflows deleted.', selected: '1 workflow selected |||| %{smart_count} workflows selected' },
};

/**
 * What a record's page says when the record is not there (deleted, in another tab perhaps, or a link
 * to another user's record, which reads as missing), where react-admin says 'Element does not exist'.
 */
const notFoundTexts: Record<string, string> = {
  contacts: 'This contact was not found: it may have been deleted.',
  tasks: 'This task was not found: it may have been deleted.',
  banks: 'This bank is not among your tracked banks.',
  templates: 'This template was not found: it may have been deleted.',
  workflows: 'This workflow was not found: it may have been deleted.',
  'sent-emails': 'This email was not found.',
};

const messages = {
  ...englishMessages,
  resources: Object.fromEntries(
    [...new Set([...Object.keys(recordTexts), ...Object.keys(notFoundTexts)])].map((resource) => {
      const { selected, ...notifications } = recordTexts[resource] ?? {};
      return [resource, { notifications: { ...notifications, not_found: notFoundTexts[resource] }, ...(selected ? { selected } : {}) }];
    }),
  ),
};

/** English, as react-admin's default, with the record lists' texts above; a missing key shows its default text. */
export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ name: 'en', value: 'English' }], { allowMissing: true });
