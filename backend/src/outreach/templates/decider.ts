import type { Decider } from '../../commands/decider.ts';
import { Conflict } from '../../commands/errors.ts';
import { assertOwnedActive, assertOwnedDeleted, type RecordStatus } from '../ownership.ts';
import type { TemplateCommand, TemplateFields } from './commands.ts';
import { templateEvents, type TemplateEvent } from './events.ts';

export type TemplateState = { status: RecordStatus; ownerId?: string } & TemplateFields;

const initialState = (): TemplateState => ({ status: 'absent', name: '', category: 'introduction', subject: '', body: '', isFavorite: false });

const favoriteEvents = (isFavorite: boolean, state: TemplateState): TemplateEvent[] =>
  isFavorite === state.isFavorite ? [] : [isFavorite ? templateEvents.TemplateFavorited.create({}) : templateEvents.TemplateUnfavorited.create({})];

function decide(command: TemplateCommand, state: TemplateState): TemplateEvent[] {
  if (command.type === 'CreateTemplate') {
    if (state.status !== 'absent') throw new Conflict('This template already exists.');
    const { templateId, userId, name, category, subject, body, isFavorite } = command;
    return [templateEvents.TemplateCreated.create({ templateId, ownerId: userId, name, category, subject, body, isFavorite })];
  }
  if (command.type === 'RestoreTemplate') {
    assertOwnedDeleted(state, command.userId, 'Template');
    const { status: _status, ownerId, ...fields } = state;
    return [templateEvents.TemplateRestored.create({ templateId: command.templateId, ownerId: ownerId!, ...fields, addedAt: command.addedAt })];
  }
  assertOwnedActive(state, command.userId, 'Template');
  switch (command.type) {
    case 'EditTemplate': {
      const { name, category, subject, body, isFavorite } = command.changes;
      const events: TemplateEvent[] = [];
      if (name !== undefined && name !== state.name) events.push(templateEvents.TemplateRenamed.create({ name }));
      if (category !== undefined && category !== state.category) events.push(templateEvents.TemplateRecategorized.create({ category }));
      if (subject !== undefined && subject !== state.subject) events.push(templateEvents.TemplateSubjectChanged.create({ subject }));
      if (body !== undefined && body !== state.body) events.push(templateEvents.TemplateBodyChanged.create({ body }));
      if (isFavorite !== undefined) events.push(...favoriteEvents(isFavorite, state));
      return events;
    }
    case 'SetTemplateFavorite':
      return favoriteEvents(command.isFavorite, state);
    case 'DeleteTemplate':
      return [templateEvents.TemplateDeleted.create({})];
  }
}

function evolve(state: TemplateState, event: TemplateEvent): TemplateState {
  switch (event.type) {
    case 'TemplateCreated': {
      const { ownerId, name, category, subject, body, isFavorite } = event.data;
      return { status: 'active', ownerId, name, category, subject, body, isFavorite };
    }
    case 'TemplateRenamed':
      return { ...state, name: event.data.name };
    case 'TemplateRecategorized':
      return { ...state, category: event.data.category };
    case 'TemplateSubjectChanged':
      return { ...state, subject: event.data.subject };
    case 'TemplateBodyChanged':
      return { ...state, body: event.data.body };
    case 'TemplateFavorited':
      return { ...state, isFavorite: true };
    case 'TemplateUnfavorited':
      return { ...state, isFavorite: false };
    case 'TemplateDeleted':
      return { ...state, status: 'deleted' };
    case 'TemplateRestored': {
      // When the template was first added is no field of it: its History shows no change to it.
      const { templateId: _id, addedAt: _added, ...fields } = event.data;
      return { ...fields, status: 'active' };
    }
  }
}

export const templateDecider: Decider<TemplateState, TemplateCommand, TemplateEvent> = { initialState, decide, evolve };
