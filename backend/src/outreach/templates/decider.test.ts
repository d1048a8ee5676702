import { deciderSpec } from '../../commands/decider-spec.ts';
import { Conflict, NotFound } from '../../commands/errors.ts';
import { templateDecider } from './decider.ts';
import type { TemplateEvent } from './events.ts';

const owner = '11111111-1111-4111-8111-111111111111';
const stranger = '22222222-2222-4222-8222-222222222222';
const templateId = '44444444-4444-4444-8444-444444444444';
const fields = { name: 'CFO intro', category: 'introduction' as const, subject: 'Hello {{bankName}}', body: 'Hi {{contactName}},', isFavorite: false };
const created: TemplateEvent = { type: 'TemplateCreated', data: { templateId, ownerId: owner, ...fields } };
const favorited: TemplateEvent = { type: 'TemplateFavorited', data: {} };
const spec = deciderSpec(templateDecider);

describe('template decider', () => {
  it('creates a template for its owner', () => {
    spec.given([]).when({ type: 'CreateTemplate', templateId, userId: owner, ...fields }).then([created]);
  });

  it('refuses to create a template twice', () => {
    spec.given([created]).when({ type: 'CreateTemplate', templateId, userId: owner, ...fields }).thenThrows(/already exists/, Conflict);
  });

  it('turns a whole-record edit into one event per changed field, and none for unchanged ones', () => {
    spec
      .given([created])
      .when({
        type: 'EditTemplate',
        userId: owner,
        changes: { name: 'CFO follow-up', category: 'follow-up', subject: fields.subject, body: 'Hi again,', isFavorite: true },
      })
      .then([
        { type: 'TemplateRenamed', data: { name: 'CFO follow-up' } },
        { type: 'TemplateRecategorized', data: { category: 'follow-up' } },
        { type: 'TemplateBodyChanged', data: { body: 'Hi again,' } },
        { type: 'TemplateFavorited', data: {} },
      ]);
  });

  it('appends nothing when an edit changes nothing', () => {
    spec.given([created]).when({ type: 'EditTemplate', userId: owner, changes: { ...fields } }).then([]);
  });

  it('marks and unmarks a favorite; setting the current value again changes nothing', () => {
    spec.given([created]).when({ type: 'SetTemplateFavorite', userId: owner, isFavorite: true }).then([favorited]);
    spec.given([created, favorited]).when({ type: 'SetTemplateFavorite', userId: owner, isFavorite: true }).then([]);
    spec.given([created, favorited]).when({ type: 'SetTemplateFavorite', userId: owner, isFavorite: false }).then([{ type: 'TemplateUnfavorited', data: {} }]);
    spec.given([created]).when({ type: 'EditTemplate', userId: owner, changes: { isFavorite: false } }).then([]);
  });

  it("treats another user's template as not found", () => {
    spec.given([created]).when({ type: 'SetTemplateFavorite', userId: stranger, isFavorite: true }).thenThrows(/Template not found/, NotFound);
    spec.given([created]).when({ type: 'DeleteTemplate', userId: stranger }).thenThrows(/Template not found/, NotFound);
  });

  it('treats a deleted template as not found', () => {
    spec.given([created, { type: 'TemplateDeleted', data: {} }]).when({ type: 'EditTemplate', userId: owner, changes: { name: 'x' } }).thenThrows(/not found/, NotFound);
  });

  describe('restoring a deleted template', () => {
    const deleted: TemplateEvent = { type: 'TemplateDeleted', data: {} };
    const addedAt = '2026-10-02T09:00:00.000Z';
    const restore = { type: 'RestoreTemplate' as const, templateId, userId: owner, addedAt };

    it('brings it back as it was when deleted', () => {
      spec.given([created, favorited, deleted]).when(restore).then([{ type: 'TemplateRestored', data: { templateId, ownerId: owner, ...fields, isFavorite: true, addedAt } }]);
    });

    it('refuses a template that is not deleted with a conflict, and treats another user\'s as not found', () => {
      spec.given([created]).when(restore).thenThrows(/This template is not deleted/, Conflict);
      spec.given([created, deleted]).when({ ...restore, userId: stranger }).thenThrows(/not found/, NotFound);
    });
  });
});
