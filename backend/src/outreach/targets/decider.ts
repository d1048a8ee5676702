import type { RatioAlert } from '../../../../domain/ratio-alerts.ts';
import type { Decider } from '../../commands/decider.ts';
import { NotFound, RecordNotFound } from '../../commands/errors.ts';
import { assertOwnedActive, sameTags, type RecordStatus } from '../ownership.ts';
import { notTrackedMessage, type TargetCommand } from './commands.ts';
import { targetEvents, type BankDetails, type Financials, type TargetEvent } from './events.ts';

export type TargetState = {
  /** 'deleted' means no longer tracked; notes, tags and the LinkedIn page survive for a re-add. */
  status: RecordStatus;
  ownerId?: string;
  cert: number;
  details: BankDetails;
  financials: Financials;
  isTarget: boolean;
  notes: string;
  tags: string[];
  linkedinCompanyUrl: string | null;
  /** The alert the bank shows until dismissed, and the newest quarter an alert was raised for. */
  ratioAlert: RatioAlert | null;
  lastAlertQuarter: string | null;
};

const initialState = (): TargetState => ({
  status: 'absent',
  cert: 0,
  details: { name: '', city: null, state: null, zip: null, address: null, website: null },
  financials: {},
  isTarget: false,
  notes: '',
  tags: [],
  linkedinCompanyUrl: null,
  ratioAlert: null,
  lastAlertQuarter: null,
});

/** The entries of `next` whose value differs from `current` (a missing value counts as null). */
function changedEntries<Values extends Record<string, unknown>>(current: Values, next: Partial<Values>): Partial<Values> {
  const changed: Partial<Values> = {};
  for (const [key, value] of Object.entries(next) as Array<[keyof Values, Values[keyof Values]]>) {
    if (value !== undefined && value !== (current[key] ?? null)) changed[key] = value;
  }
  return changed;
}

const isEmpty = (values: object) => Object.keys(values).length === 0;

function snapshotEvents(state: TargetState, details: Partial<BankDetails>, financials: Financials): TargetEvent[] {
  const changedDetails = changedEntries(state.details, details);
  const changedFinancials = changedEntries(state.financials, financials) as Financials;
  if (isEmpty(changedDetails) && isEmpty(changedFinancials)) return [];
  return [targetEvents.BankSnapshotRefreshed.create({ details: changedDetails, financials: changedFinancials })];
}

/** Events for the fields the user keeps on a tracked bank, only where they differ from now. */
function userFieldEvents(state: TargetState, changes: { notes?: string; tags?: string[]; linkedinCompanyUrl?: string | null }): TargetEvent[] {
  const events: TargetEvent[] = [];
  if (changes.notes !== undefined && changes.notes !== state.notes) events.push(targetEvents.BankNotesChanged.create({ notes: changes.notes }));
  if (changes.tags !== undefined && !sameTags(changes.tags, state.tags)) events.push(targetEvents.BankTagsChanged.create({ tags: changes.tags }));
  if (changes.linkedinCompanyUrl !== undefined && changes.linkedinCompanyUrl !== state.linkedinCompanyUrl) {
    events.push(targetEvents.BankLinkedinCompanyUrlChanged.create({ linkedinCompanyUrl: changes.linkedinCompanyUrl }));
  }
  return events;
}

function targetingEvents(state: TargetState, isTarget: boolean | undefined, at: string): TargetEvent[] {
  if (isTarget === undefined || isTarget === state.isTarget) return [];
  return [isTarget ? targetEvents.BankTargeted.create({ targetedAt: at }) : targetEvents.BankUntargeted.create({})];
}

function decide(command: TargetCommand, state: TargetState): TargetEvent[] {
  if (command.type === 'TrackBank') {
    if (state.status !== 'absent' && state.ownerId !== command.userId) throw new RecordNotFound('Tracked bank');
    if (state.status !== 'active') {
      return [
        targetEvents.BankTracked.create({
          cert: command.cert,
          ownerId: command.userId,
          ...initialState().details,
          ...command.details,
          financials: command.financials,
          notes: command.notes ?? state.notes,
          tags: command.tags ?? state.tags,
          linkedinCompanyUrl: command.linkedinCompanyUrl !== undefined ? command.linkedinCompanyUrl : state.linkedinCompanyUrl,
          targetedAt: command.at,
        }),
      ];
    }
    // Tracked already: tracking again re-targets it and refreshes what was looked up.
    return [
      ...snapshotEvents(state, command.details, command.financials),
      ...userFieldEvents(state, command),
      ...targetingEvents(state, true, command.at),
    ];
  }
  if (command.type === 'RaiseRatioAlert') {
    // One alert per quarter, only for a bank still among the user's targets.
    const { alert } = command;
    if (state.status !== 'active' || !state.isTarget) return [];
    if (state.lastAlertQuarter !== null && state.lastAlertQuarter >= alert.quarter) return [];
    return [targetEvents.RatioAlertRaised.create(alert)];
  }
  if (command.type === 'SetBankTarget' && (state.status !== 'active' || state.ownerId !== command.userId)) {
    throw new NotFound(command.isTarget ? 'This bank is not tracked yet: add it from the Bank Directory first.' : notTrackedMessage);
  }
  assertOwnedActive(state, command.userId, 'Tracked bank');
  switch (command.type) {
    case 'EditTrackedBank': {
      const { details, financials, isTarget, ...userFields } = command.changes;
      // Updating notes marks the bank as a target unless the record says otherwise.
      const notesChanged = userFields.notes !== undefined && userFields.notes !== state.notes;
      return [
        ...snapshotEvents(state, details, financials),
        ...userFieldEvents(state, userFields),
        ...targetingEvents(state, isTarget ?? (notesChanged || undefined), command.at),
      ];
    }
    case 'RefreshBankSnapshot':
      return snapshotEvents(state, command.details, command.financials);
    case 'UpdateBankNotes':
      return [...userFieldEvents(state, { notes: command.notes }), ...targetingEvents(state, command.isTarget, command.at)];
    case 'UpdateBankTags':
      return userFieldEvents(state, { tags: command.tags });
    case 'SetBankTarget':
      return targetingEvents(state, command.isTarget, command.at);
    case 'SetLinkedinCompanyUrl':
      return userFieldEvents(state, { linkedinCompanyUrl: command.linkedinCompanyUrl });
    case 'UntrackBank':
      return [targetEvents.BankUntracked.create({})];
    case 'DismissRatioAlert':
      return state.ratioAlert ? [targetEvents.RatioAlertDismissed.create({ quarter: state.ratioAlert.quarter })] : [];
  }
}

function evolve(state: TargetState, event: TargetEvent): TargetState {
  switch (event.type) {
    case 'BankTracked': {
      const { cert, ownerId, financials, notes, tags, linkedinCompanyUrl, name, city, state: stateCode, zip, address, website } = event.data;
      return {
        status: 'active',
        ownerId,
        cert,
        details: { name, city, state: stateCode, zip, address, website },
        financials,
        isTarget: true,
        notes,
        tags,
        linkedinCompanyUrl,
        // A re-added bank starts without a badge; an old quarter is still not alerted twice.
        ratioAlert: null,
        lastAlertQuarter: state.lastAlertQuarter,
      };
    }
    case 'BankSnapshotRefreshed':
      return {
        ...state,
        details: { ...state.details, ...event.data.details },
        financials: { ...state.financials, ...event.data.financials },
      };
    case 'BankTargeted':
      return { ...state, isTarget: true };
    case 'BankUntargeted':
      return { ...state, isTarget: false };
    case 'BankNotesChanged':
      return { ...state, notes: event.data.notes };
    case 'BankTagsChanged':
      return { ...state, tags: event.data.tags };
    case 'BankLinkedinCompanyUrlChanged':
      return { ...state, linkedinCompanyUrl: event.data.linkedinCompanyUrl };
    case 'BankUntracked':
      return { ...state, status: 'deleted', isTarget: false };
    case 'RatioAlertRaised':
      return { ...state, ratioAlert: event.data, lastAlertQuarter: event.data.quarter };
    case 'RatioAlertDismissed':
      return { ...state, ratioAlert: null };
  }
}

export const targetDecider: Decider<TargetState, TargetCommand, TargetEvent> = { initialState, decide, evolve };
