// Data requests (POPIA): the attacks an export or deletion must not fall for (someone else's number in
// another format, the business's own addresses, a shared number with a typed session id), the approval
// of exactly the previewed list, and the audit log of ids only. The matching itself: popia.test.ts.
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASE, postJson } from './helpers';
import {
  act,
  capture,
  deleteBy,
  exportBy,
  ids,
  insertEmail,
  insertOrder,
  one,
  PNG,
  preview,
  previewRes,
  signIn,
  staffCookie,
  staffPost,
  useStaffSession,
} from './popia-fixtures';

beforeAll(async () => {
  await useStaffSession('192.0.2.88');
});

describe("attack 1: a lead with someone else's phone number in another format", () => {
  let malloryLeadId = '';
  let veraLeadId = '';

  beforeAll(async () => {
    veraLeadId = await capture({ name: 'Vera Victim', email: 'vera@victim.example', phone: '082 555 0101' }, '198.19.1.1');
    // Mallory leaves a lead with Vera's number, spelt differently.
    malloryLeadId = await capture({ name: 'Mallory', email: 'mallory@attacker.example', phone: '+27 (82) 555-0101' }, '198.19.1.2');
    await env.DB.batch([
      insertOrder('CB-VICTIM0001', {
        name: 'Vera Victim',
        email: 'vera@victim.example',
        phone: '082 555 0101',
        address: '9 Victim Rd, George',
        instructions: 'Key under the mat',
      }),
      insertOrder('CB-VICTIM0002', { name: 'Vera Victim', email: 'vera@victim.example' }),
      insertEmail(
        'order-confirmation:CB-VICTIM0001:customer',
        'vera@victim.example',
        'Order CB-VICTIM0001 received',
        'Hi Vera, your blinds for 9 Victim Rd',
      ),
      insertEmail(
        'order-confirmation:CB-VICTIM0002:customer',
        'vera@victim.example',
        'Order CB-VICTIM0002 received',
        'Hi Vera, your second order',
      ),
    ]);
  });

  it("an export by the requester's verified e-mail holds nothing of the other customer", async () => {
    const data = await exportBy(malloryLeadId, 'email', 'mallory@attacker.example');
    expect(data.leads.map((l: any) => l.id)).toEqual([malloryLeadId]);
    expect(data.orders).toEqual([]);
    expect(ids(data.records, 'order')).toEqual([]);
    expect(JSON.stringify(data)).not.toMatch(/Vera|vera@victim|CB-VICTIM|Victim Rd|Key under the mat/);
  });

  it('with the phone number as the verified identifier: exactly the records with that number, nothing widened from them', async () => {
    const p = await preview(malloryLeadId, 'export', 'phone', '+27 (82) 555-0101');
    expect(p.identifier).toEqual({ type: 'phone', value: '+27825550101' });
    expect(ids(p.records, 'lead')).toEqual([malloryLeadId, veraLeadId].sort());
    expect(p.records.filter((r: any) => r.type === 'lead').map((r: any) => r.matchedBy)).toEqual(['phone', 'phone']);
    expect(p.records.filter((r: any) => r.type === 'order')).toEqual([
      { type: 'order', id: 'CB-VICTIM0001', date: expect.any(String), matchedBy: 'customerPhone' },
    ]);
    // E-mails only as part of a matched record: never the matched records' addresses followed further.
    for (const r of p.records.filter((r: any) => r.type === 'email')) expect(r.matchedBy).toMatch(/^(lead|order) /);
    const res = await act(malloryLeadId, 'export', p.token);
    expect(res.status).toBe(200);
    const data = await res.json<any>();
    expect(data.orders.map((o: any) => o.reference)).toEqual(['CB-VICTIM0001']);
    expect(JSON.stringify(data)).not.toMatch(/CB-VICTIM0002|your second order|mallory@attacker\.example","subject":"Order/);
    expect(data.emails.map((e: any) => e.subject)).not.toContain('Order CB-VICTIM0002 received');
  });
});

describe("attack 2: a lead with the business's own address plus a shared phone number", () => {
  let ritaLeadId = '';
  let borrowerLeadId = '';

  beforeAll(async () => {
    ritaLeadId = await capture({ name: 'Rita Requester', email: 'rita@requester.example', phone: '083 777 1234' }, '198.19.2.1');
    borrowerLeadId = await capture({ name: 'Borrower', email: 'info@example.co.za', phone: '0837771234' }, '198.19.2.2');
    await env.DB.batch([
      insertOrder('CB-SOMEONE001', {
        name: 'Someone Else',
        email: 'someone@elsewhere.example',
        phone: '084 000 1111',
        address: '5 Other St',
      }),
      insertEmail('order-confirmation:CB-SOMEONE001:business', 'info@example.co.za', 'New order CB-SOMEONE001', 'Someone Else, 5 Other St'),
    ]);
  });

  it('an export by e-mail or by the shared number does not reach the business mailbox', async () => {
    for (const [by, value] of [
      ['email', 'rita@requester.example'],
      ['phone', '083 777 1234'],
    ] as const) {
      const data = await exportBy(ritaLeadId, by, value);
      expect(JSON.stringify(data)).not.toMatch(/Someone Else|CB-SOMEONE|5 Other St/);
      // Only the business's notices about the matched leads themselves.
      for (const e of data.emails) expect(e.kind).toBe('lead-notification');
      for (const r of data.records.filter((r: any) => r.type === 'email')) expect(r.matchedBy).not.toMatch(/toAddress/);
    }
    const byPhone = await exportBy(ritaLeadId, 'phone', '083 777 1234');
    expect(byPhone.leads.map((l: any) => l.id).sort()).toEqual([ritaLeadId, borrowerLeadId].sort());
    expect(byPhone.emails).toHaveLength(2);
  });

  it("refuses a request for the business's own e-mail address or number, however it is spelt", async () => {
    for (const value of ['info@example.co.za', ' INFO@Example.CO.ZA ']) {
      const res = await previewRes(borrowerLeadId, 'export', 'email', value);
      expect(res.status).toBe(400);
      expect((await res.json<any>()).message).toBe(
        "That is the business's own e-mail address: a data request covers a customer's own address or number, never the shop's.",
      );
    }
    const phone = await previewRes(ritaLeadId, 'delete', 'phone', '044 000 0000'); // BUSINESS_PHONE_GARDEN_ROUTE
    expect(phone.status).toBe(400);
    expect((await phone.json<any>()).message).toMatch(/the business's own phone number/);
    expect(await one(`SELECT COUNT(*) AS n FROM audit_log WHERE action = 'popia.preview' AND target = ?`, borrowerLeadId)).toEqual({
      n: 0,
    });
  });
});

describe('attack 3: deletion through a shared number and a typed session id', () => {
  const VICTIM_SESSION = 'session_1700000000555_victimchx';
  let deleterLeadId = '';
  let typedChatLeadId = '';

  beforeAll(async () => {
    await capture({ name: 'Victor Victim', email: 'victor@victim.example', phone: '082 666 0101' }, '198.19.3.1');
    // The deleter's lead carries Victor's number and names the 'anonymous' window-photo folder.
    deleterLeadId = await capture(
      { name: 'Deleter', email: 'deleter@attacker.example', phone: '+27 (82) 666-0101', sessionData: { sessionId: 'anonymous' } },
      '198.19.3.2',
    );
    // And one naming another customer's real chat session.
    typedChatLeadId = await capture(
      { name: 'Typer', email: 'typer@attacker.example', sessionData: { sessionId: VICTIM_SESSION } },
      '198.19.3.3',
    );
    await env.DB.batch([
      insertOrder('CB-VICTOR0001', {
        name: 'Victor Victim',
        email: 'victor@victim.example',
        phone: '082 666 0101',
        address: '7 Victor Ave',
        instructions: 'Call first',
      }),
    ]);
    await env.MEDIA.put('windows/anonymous/1700000000001.jpg', PNG);
    await env.MEDIA.put('windows/anonymous/1700000000002.jpg', PNG);
    const chat = await postJson(
      '/api/melvin/enhanced-chat',
      { message: 'Do you make roller blinds?', sessionId: VICTIM_SESSION },
      { 'CF-Connecting-IP': '198.19.3.4' },
    );
    expect(chat.status).toBe(200);
    await env.MEDIA.put(`chat/${VICTIM_SESSION}/1-1.png`, PNG);
  });

  it("does not blank another customer's order or remove other customers' photos", async () => {
    const deleted = await deleteBy(deleterLeadId, 'email', 'deleter@attacker.example');
    expect(deleted).toEqual({
      leads: 1,
      customerDetails: 0,
      quotesDeleted: 0,
      quotesBlanked: 0,
      ordersBlanked: 0,
      emailsBlanked: 1,
      chatSessions: 0,
      photos: 0,
      siteVisits: 0,
      visitBookings: 0,
    });
    expect(
      await one(
        `SELECT customer_name, customer_phone, customer_address, special_instructions FROM orders WHERE reference = 'CB-VICTOR0001'`,
      ),
    ).toEqual({
      customer_name: 'Victor Victim',
      customer_phone: '082 666 0101',
      customer_address: '7 Victor Ave',
      special_instructions: 'Call first',
    });
    expect(await env.MEDIA.head('windows/anonymous/1700000000001.jpg')).not.toBeNull();
    expect(await env.MEDIA.head('windows/anonymous/1700000000002.jpg')).not.toBeNull();
    expect((await one(`SELECT COUNT(*) AS n FROM leads WHERE email = 'victor@victim.example'`)).n).toBe(1);
  });

  it("does not forget another customer's chat through a session id typed into a form", async () => {
    const p = await preview(typedChatLeadId, 'delete', 'email', 'typer@attacker.example');
    expect(p.records.map((r: any) => r.type)).not.toContain('chat-session');
    expect(p.notes.join(' ')).toMatch(/1 matched record\(s\) name a session id that the browser sent/);
    const res = await act(typedChatLeadId, 'delete', p.token);
    expect(res.status).toBe(200);
    expect((await res.json<any>()).deleted).toMatchObject({ leads: 1, chatSessions: 0, photos: 0 });
    expect(await env.CHAT_SESSION.get(env.CHAT_SESSION.idFromName(VICTIM_SESSION)).history()).not.toEqual([]);
    expect(await env.MEDIA.head(`chat/${VICTIM_SESSION}/1-1.png`)).not.toBeNull();
  });
});

describe('the approval: nothing is exported or deleted without a preview of exactly that list', () => {
  let leadId = '';
  beforeAll(async () => {
    leadId = await capture({ name: 'Token Tester', email: 'token@tester.example', phone: '084 222 3333' }, '198.19.4.1');
  });

  it('refuses to act without a preview, with a made-up token, or with a token for the other action', async () => {
    for (const action of ['export', 'delete'] as const) {
      const none = await staffPost(`/api/leads/${leadId}/personal-data/${action}`, {});
      expect(none.status).toBe(400);
      const madeUp = await act(leadId, action, 'a'.repeat(64));
      expect(madeUp.status).toBe(400);
      expect((await madeUp.json<any>()).message).toMatch(/no approved preview/);
    }
    const { token } = await preview(leadId, 'export', 'email', 'token@tester.example');
    const wrong = await act(leadId, 'delete', token);
    expect(wrong.status).toBe(400);
    expect((await act('some-other-lead', 'export', token)).status).toBe(400);
    expect((await one(`SELECT COUNT(*) AS n FROM leads WHERE id = ?`, leadId)).n).toBe(1);
    // The old one-step routes are gone.
    expect((await SELF.fetch(`${BASE}/api/leads/${leadId}/personal-data`, { headers: { Cookie: staffCookie } })).status).toBe(404);
  });

  it('answers 409 when the matched list changed since the preview, and acts once per approval', async () => {
    const { token } = await preview(leadId, 'delete', 'phone', '084 222 3333');
    await env.DB.batch([insertOrder('CB-TOKEN00001', { name: 'Token Tester', email: 'token@tester.example', phone: '+27 84 222 3333' })]);
    const changed = await act(leadId, 'delete', token);
    expect(changed.status).toBe(409);
    expect((await changed.json<any>()).message).toBe(
      'The matched records have changed since the preview. Preview again and check the new list before approving it.',
    );
    expect((await one(`SELECT COUNT(*) AS n FROM leads WHERE id = ?`, leadId)).n).toBe(1);
    expect((await one(`SELECT customer_name FROM orders WHERE reference = 'CB-TOKEN00001'`)).customer_name).toBe('Token Tester');

    const again = await preview(leadId, 'export', 'phone', '084 222 3333');
    expect(ids(again.records, 'order')).toEqual(['CB-TOKEN00001']);
    expect((await act(leadId, 'export', again.token)).status).toBe(200);
    expect((await act(leadId, 'export', again.token)).status).toBe(400);
  });

  it('only the staff session that previewed can approve', async () => {
    const { token } = await preview(leadId, 'export', 'email', 'token@tester.example');
    const otherStaff = await signIn('192.0.2.89');
    const res = await act(leadId, 'export', token, otherStaff);
    expect(res.status).toBe(403);
  });
});

describe('the audit log', () => {
  it('keeps what was matched, approved and done, by id, without the personal data', async () => {
    const leadId = await capture({ name: 'Audrey Audit', email: 'audrey@audit.example', phone: '084 333 4444' }, '198.19.5.1');
    await env.DB.batch([
      insertOrder('CB-AUDIT00001', { name: 'Audrey Audit', email: 'audrey@audit.example', phone: '084 333 4444', address: '3 Audit Lane' }),
    ]);
    const exported = await exportBy(leadId, 'email', 'audrey@audit.example');
    const p = await preview(leadId, 'delete', 'email', 'audrey@audit.example');
    const res = await act(leadId, 'delete', p.token);
    expect(res.status).toBe(200);
    const { deleted } = await res.json<any>();

    const rows = (
      await env.DB.prepare(`SELECT actor, action, target, details FROM audit_log WHERE target = ? ORDER BY id`).bind(leadId).all<any>()
    ).results;
    expect(rows.map((r: any) => r.action)).toEqual(['popia.preview', 'popia.export', 'popia.preview', 'popia.delete']);
    const [preview1, exportRow, preview2, deleteRow] = rows.map((r: any) => ({ ...r, details: JSON.parse(r.details) }));
    const expectedIds = p.records.map((r: any) => `${r.type}:${r.id}`);
    expect(expectedIds).toEqual(expect.arrayContaining([`lead:${leadId}`, 'order:CB-AUDIT00001']));
    expect(preview1.details).toMatchObject({
      action: 'export',
      verifiedBy: 'email',
      records: exported.records.map((r: any) => `${r.type}:${r.id}`),
    });
    expect(exportRow.details.digest).toBe(preview1.details.digest);
    expect(preview2.details).toMatchObject({ action: 'delete', verifiedBy: 'email', records: expectedIds });
    expect(deleteRow.details).toEqual({ ...deleted, verifiedBy: 'email', digest: preview2.details.digest, records: expectedIds });
    for (const row of rows) expect(row.actor).toMatch(/^S-/);
    expect(JSON.stringify(rows)).not.toMatch(/audrey|Audit Lane|3334444|333 4444/i);
  });
});
