import { deciderSpec } from '../../commands/decider-spec.ts';
import { Conflict, NotFound, RuleBroken } from '../../commands/errors.ts';
import type { ContactFields } from './commands.ts';
import { contactDecider } from './decider.ts';
import type { ContactEvent } from './events.ts';

const owner = '11111111-1111-4111-8111-111111111111';
const stranger = '22222222-2222-4222-8222-222222222222';
const contactId = '33333333-3333-4333-8333-333333333333';
const at = '2026-11-22T10:00:00.000Z';
const fields: ContactFields = {
  bankId: 628,
  bankName: 'First Example Bank',
  name: 'Jane Doe',
  title: 'CFO',
  email: 'jane@example.com',
  linkedinUrl: null,
  tags: ['CRE'],
};
const added: ContactEvent = { type: 'ContactAdded', data: { contactId, ownerId: owner, ...fields, addressHeld: true } };
const hot: ContactEvent = { type: 'ContactMarkedHotLead', data: {} };
const verified: ContactEvent = { type: 'ContactEmailVerified', data: { result: 'deliverable', score: 96, verifiedAt: at } };
const add = { type: 'AddContact' as const, contactId, userId: owner, fields, isHotLead: false, verification: null, at, holdAddress: true };
const spec = deciderSpec(contactDecider);

describe('contact decider', () => {
  it('adds a contact for its owner', () => {
    spec.given([]).when(add).then([added]);
  });

  it('adds a hot lead with its verification as separate facts', () => {
    spec
      .given([])
      .when({ ...add, isHotLead: true, verification: { result: 'deliverable', score: 96 } })
      .then([added, hot, verified]);
  });

  it("erases a contact's personal data, also after it was deleted, and only for its owner", () => {
    const erase = { type: 'EraseContact' as const, userId: owner, at };
    spec.given([added]).when(erase).then([{ type: 'ContactErased', data: { erasedAt: at } }]);
    spec.given([added, { type: 'ContactDeleted', data: {} }]).when(erase).then([{ type: 'ContactErased', data: { erasedAt: at } }]);
    spec.given([added]).when({ ...erase, userId: stranger }).thenThrows(/Contact not found/, NotFound);
    spec.given([]).when(erase).thenThrows(/Contact not found/, NotFound);
  });

  it('records each reply, but a reply marked again within a minute once', () => {
    const replied: ContactEvent = { type: 'ContactReplied', data: { repliedAt: at } };
    const mark = (markedAt: string) => ({ type: 'MarkContactReplied' as const, userId: owner, at: markedAt });
    spec.given([added]).when(mark(at)).then([replied]);
    spec.given([added, replied]).when(mark('2026-11-22T10:00:40.000Z')).then([]);
    spec.given([added, replied]).when(mark('2026-12-03T09:00:00.000Z')).then([{ type: 'ContactReplied', data: { repliedAt: '2026-12-03T09:00:00.000Z' } }]);
  });

  it('refuses to add the same contact twice', () => {
    spec.given([added]).when(add).thenThrows(/already exists/, Conflict);
  });

  it('turns a whole-record edit into one event per changed field, and none for unchanged ones', () => {
    spec
      .given([added])
      .when({
        type: 'EditContact',
        userId: owner,
        changes: { ...fields, name: 'Jane Q. Doe', email: null, linkedinUrl: 'https://www.linkedin.com/in/jane', tags: ['CRE', 'Board'], isHotLead: true },
        newBankName: 'First Example Bank',
        holdAddress: true,
      })
      .then([
        { type: 'ContactRenamed', data: { name: 'Jane Q. Doe' } },
        { type: 'ContactEmailChanged', data: { email: null, addressHeld: true } },
        { type: 'ContactLinkedinUrlChanged', data: { linkedinUrl: 'https://www.linkedin.com/in/jane' } },
        { type: 'ContactTagsChanged', data: { tags: ['CRE', 'Board'] } },
        { type: 'ContactMarkedHotLead', data: {} },
      ]);
    spec.given([added]).when({ type: 'EditContact', userId: owner, changes: fields, newBankName: null, holdAddress: true }).then([]);
  });

  it("moving to another bank takes the tracked bank's name when the record still names the old bank", () => {
    spec
      .given([added])
      .when({ type: 'EditContact', userId: owner, changes: { ...fields, bankId: 3511 }, newBankName: 'Harbor Savings', holdAddress: true })
      .then([{ type: 'ContactMovedToBank', data: { bankId: 3511, bankName: 'Harbor Savings', addressHeld: true } }]);
    spec
      .given([added])
      .when({ type: 'EditContact', userId: owner, changes: { bankId: 3511, bankName: 'Harbor Savings Bank' }, newBankName: null, holdAddress: true })
      .then([{ type: 'ContactMovedToBank', data: { bankId: 3511, bankName: 'Harbor Savings Bank', addressHeld: true } }]);
  });

  it('records whether the read model holds the address for the contact alone, as the command says', () => {
    spec
      .given([])
      .when({ ...add, holdAddress: false })
      .then([{ ...added, data: { ...added.data, addressHeld: false } } as ContactEvent]);
    spec
      .given([added])
      .when({ type: 'EditContact', userId: owner, changes: { email: 'Jane@Example.com', bankId: 3511 }, newBankName: null, holdAddress: false })
      .then([
        { type: 'ContactEmailChanged', data: { email: 'Jane@Example.com', addressHeld: false } },
        { type: 'ContactMovedToBank', data: { bankId: 3511, bankName: null, addressHeld: false } },
      ]);
  });

  it('marks and unmarks a hot lead; repeating either changes nothing', () => {
    spec.given([added]).when({ type: 'SetHotLead', userId: owner, isHotLead: true }).then([hot]);
    spec.given([added, hot]).when({ type: 'SetHotLead', userId: owner, isHotLead: true }).then([]);
    spec.given([added, hot]).when({ type: 'SetHotLead', userId: owner, isHotLead: false }).then([{ type: 'ContactUnmarkedHotLead', data: {} }]);
  });

  it('records every email verification, and refuses one for a contact without an email', () => {
    spec.given([added, verified]).when({ type: 'RecordEmailVerification', userId: owner, verification: { result: 'deliverable', score: 96 }, at }).then([verified]);
    spec
      .given([added, { type: 'ContactEmailChanged', data: { email: null, addressHeld: true } }])
      .when({ type: 'RecordEmailVerification', userId: owner, verification: { result: 'error', score: 0 }, at })
      .thenThrows(/no email address to verify/, RuleBroken);
  });

  it("treats another user's contact and a deleted contact as not found", () => {
    spec.given([added]).when({ type: 'SetHotLead', userId: stranger, isHotLead: true }).thenThrows(/Contact not found/, NotFound);
    spec.given([added, { type: 'ContactDeleted', data: {} }]).when({ type: 'DeleteContact', userId: owner }).thenThrows(/Contact not found/, NotFound);
  });

  it('deletes a contact', () => {
    spec.given([added, hot]).when({ type: 'DeleteContact', userId: owner }).then([{ type: 'ContactDeleted', data: {} }]);
  });

  describe('restoring a deleted contact', () => {
    const deleted: ContactEvent = { type: 'ContactDeleted', data: {} };
    const addedAt = '2026-10-02T09:00:00.000Z';
    const restore = { type: 'RestoreContact' as const, contactId, userId: owner, holdAddress: true, addedAt };

    it('brings it back as it was when deleted, its address held again and its first addition kept', () => {
      spec
        .given([added, hot, verified, { type: 'ContactReplied', data: { repliedAt: at } }, deleted])
        .when(restore)
        .then([
          {
            type: 'ContactRestored',
            data: { contactId, ownerId: owner, ...fields, isHotLead: true, verification: { result: 'deliverable', score: 96, verifiedAt: at }, repliedAt: at, addressHeld: true, addedAt },
          },
        ]);
    });

    it('acts on it again once restored', () => {
      const restored = contactDecider.decide(restore, [added, deleted].reduce(contactDecider.evolve, contactDecider.initialState()));
      spec.given([added, deleted, ...restored]).when({ type: 'SetHotLead', userId: owner, isHotLead: true }).then([hot]);
    });

    it('refuses a contact that is not deleted with a conflict', () => {
      spec.given([added]).when(restore).thenThrows(/This contact is not deleted/, Conflict);
    });

    it("treats another user's contact, and one never added, as not found", () => {
      spec.given([added, deleted]).when({ ...restore, userId: stranger }).thenThrows(/Contact not found/, NotFound);
      spec.given([]).when(restore).thenThrows(/Contact not found/, NotFound);
    });

    it('refuses an erased contact: its personal data cannot come back', () => {
      spec.given([added, deleted, { type: 'ContactErased', data: { erasedAt: at } }]).when(restore).thenThrows(/erased contact cannot be restored/, Conflict);
    });
  });
});
