import { expect } from 'chai';
import type { z } from 'zod';
import {
  contactRecordSchema,
  enrolmentRecordSchema,
  sentEmailRecordSchema,
  taskRecordSchema,
  templateRecordSchema,
  trackedBankRecordSchema,
  workflowRecordSchema,
} from '../../../domain/records/index.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';

/** The screens' record types are inferred from the shared schemas, so the server must answer exactly those shapes. */
describeWithDatabase('outreach records', (context) => {
  let app: TestApp;
  let token: string;
  before(async () => {
    app = await startTestApp(context.db);
    token = (await app.signUp('Owner')).token;
  });
  after(async () => app.stop());

  const post = async (path: string, body: unknown) => {
    const response = await app.request(`/api/data/${path}`, { method: 'POST', token, body });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body as { id: string };
  };
  const expectShape = async (path: string, schema: z.ZodObject) => {
    const one = await app.request(`/api/data/${path}`, { token });
    expect(one.status).to.equal(200);
    expect(schema.strict().safeParse(one.body).error).to.equal(undefined);
  };

  it('answers every outreach record in the shape of its shared schema, with no field more or less', async () => {
    await post('banks', { cert: 628, name: 'First Example Bank' });
    const contact = await post('contacts', { bankId: 628, name: 'Sam Lee', title: 'CEO', email: 'sam@example.com' });
    const task = await post('tasks', { text: 'Call the CFO', dueDate: '2026-12-01', bankId: 628 });
    const template = await post('templates', { name: 'Intro', subject: 'Hello', body: 'Hi,' });
    const workflow = await post('workflows', { name: 'First touch', steps: [{ day: 1, type: 'Email', templateId: template.id }, { day: 3, type: 'LinkedIn Visit' }] });
    const email = await post('sent-emails', { recipientName: 'Sam Lee', recipientEmail: 'sam@example.com', subject: 'Hello', body: 'Hi Sam,', bankId: 628, contactId: contact.id });

    await expectShape('contacts/' + contact.id, contactRecordSchema);
    await expectShape('tasks/' + task.id, taskRecordSchema);
    await expectShape('templates/' + template.id, templateRecordSchema);
    await expectShape('workflows/' + workflow.id, workflowRecordSchema);
    await expectShape('sent-emails/' + email.id, sentEmailRecordSchema);
    const [enrolment] = (await app.request(`/api/data/workflows/${workflow.id}/enrolments`, { method: 'POST', token, body: { contactIds: [contact.id] } })).body.enrolments;
    await expectShape('enrolments/' + enrolment.id, enrolmentRecordSchema);
    const bank = await app.request('/api/data/banks/628', { token });
    expect(trackedBankRecordSchema.safeParse(bank.body).error).to.equal(undefined);
  });
});
