import { expect } from 'chai';
import { i18nProvider } from '../../../frontend/src/providers/i18nProvider.ts';

/** As react-admin asks after a delete: the list's own key, with its generic text as the fallback. */
const deletedToast = (resource: string, count: number) =>
  i18nProvider.translate(`resources.${resource}.notifications.deleted`, { smart_count: count, _: i18nProvider.translate('ra.notification.deleted', { smart_count: count }) });

describe("react-admin's toasts and selection bar, in the records' own words", () => {
  it('names the records deleted, one or several', () => {
    expect(deletedToast('contacts', 1)).to.equal('Contact deleted.');
    expect(deletedToast('tasks', 3)).to.equal('3 tasks deleted.');
  });

  it('says a tracked bank deleted is only removed from targets', () => {
    expect(deletedToast('banks', 1)).to.equal('Removed from targets.');
    expect(deletedToast('banks', 2)).to.equal('2 banks removed from targets.');
  });

  it('names a record saved or added', () => {
    expect(i18nProvider.translate('resources.templates.notifications.updated', { smart_count: 1, _: 'Element updated' })).to.equal('Template saved.');
    expect(i18nProvider.translate('resources.tasks.notifications.created', { smart_count: 1, _: 'Element created' })).to.equal('Task added.');
  });

  it('names the records ticked in a list, one or several', () => {
    const selected = (resource: string, count: number) => i18nProvider.translate(`resources.${resource}.selected`, { smart_count: count, _: 'items selected' });
    expect(selected('contacts', 1)).to.equal('1 contact selected');
    expect(selected('workflows', 4)).to.equal('4 workflows selected');
    expect(selected('banks', 2)).to.equal('2 banks selected');
  });

  it("says a record's page found no record in the record's words", () => {
    const notFound = (resource: string) => i18nProvider.translate(`resources.${resource}.notifications.not_found`, { _: 'This record was not found.' });
    expect(notFound('workflows')).to.equal('This workflow was not found: it may have been deleted.');
    expect(notFound('banks')).to.equal('This bank is not among your tracked banks.');
    expect(notFound('sent-emails')).to.equal('This email was not found.');
    expect(notFound('activity')).to.equal('This record was not found.');
    expect(i18nProvider.translate('resources.sent-emails.selected', { smart_count: 2, _: 'items selected' })).to.equal('items selected');
  });

  it("keeps react-admin's own texts elsewhere", () => {
    expect(deletedToast('activity', 1)).to.equal('Element deleted');
    expect(i18nProvider.translate('ra.action.delete')).to.equal('Delete');
  });
});
