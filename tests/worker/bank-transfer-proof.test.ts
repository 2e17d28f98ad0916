// A customer's proof of payment for a bank transfer (DESIGN.md 7b): PDF, JPEG or PNG by content, at
// most 5 MB, only while money is owed and the order is not cancelled; stored in R2 under proofs/,
// recorded on the order with an event and a notice to the business; staff open it behind their
// session, find the order under 'awaiting transfer', and the retention job deletes it after 5 years.
import { env } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROOF_RETENTION_DAYS } from '../../worker/shared/retention-schedule';
import { purgeOldProofs } from '../../worker/services/staff/retention';
import { get } from './helpers';
import {
  eventsOf,
  orderRow,
  outboxAbout,
  PDF_BYTES,
  placeOrder,
  PNG_BYTES,
  staffFetch,
  staffSession,
  uploadProof,
} from './bank-transfer-fixtures';

let cookie = '';
beforeAll(async () => {
  cookie = await staffSession();
});

type Problem = { error: string; message: string };

describe('POST /api/orders/{reference}/proof-of-payment', () => {
  it('stores a PDF in R2, records it on the order with an event, tells the business, and the order page shows it', async () => {
    const { ref } = await placeOrder();
    const res = await uploadProof(ref, PDF_BYTES);
    expect(res.status).toBe(201);
    const body = await res.json<{ success: boolean; proofUploadedAt: string; message: string }>();
    expect(body.message).toContain(`proof of payment for order ${ref}`);

    const row = await orderRow(ref);
    expect(row.proof_key).toMatch(new RegExp(`^proofs/${ref}/\\d{13}\\.pdf$`));
    expect(row.proof_uploaded_at).toBe(body.proofUploadedAt);
    const stored = await env.MEDIA.get(row.proof_key);
    expect(stored?.httpMetadata?.contentType).toBe('application/pdf');
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(PDF_BYTES);

    const events = await eventsOf(ref);
    expect(events).toEqual([
      expect.objectContaining({ kind: 'payment', actor: 'customer', note: 'Proof of payment uploaded by the customer' }),
    ]);
    const mails = await outboxAbout(ref);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: 'proof-of-payment', to_address: 'info@example.co.za' });
    expect(mails[0]!.subject).toBe(`Proof of payment uploaded for order ${ref}`);

    const read = await get(`/api/orders/${ref}`);
    expect((await read.json<{ order: { proof_uploaded_at: string } }>()).order.proof_uploaded_at).toBe(body.proofUploadedAt);
  });

  it('takes a PNG whatever it is called, and a later proof replaces the one staff see', async () => {
    const { ref } = await placeOrder();
    expect((await uploadProof(ref, PDF_BYTES)).status).toBe(201);
    await new Promise((r) => setTimeout(r, 5));
    const res = await uploadProof(ref, PNG_BYTES, 'statement.pdf', 'application/pdf');
    expect(res.status).toBe(201);
    expect((await orderRow(ref)).proof_key).toMatch(/\.png$/);
  });

  it('refuses a file that is not a PDF, JPEG or PNG by its content (415), whatever its name and type claim', async () => {
    const { ref } = await placeOrder();
    const text = await uploadProof(ref, new TextEncoder().encode('I paid, honestly'), 'proof.pdf', 'application/pdf');
    expect(text.status).toBe(415);
    expect((await text.json<Problem>()).message).toBe(
      'The file is not a PDF, JPEG or PNG. Please upload your proof of payment as one of those.',
    );
    const gif = await uploadProof(ref, new TextEncoder().encode('GIF89a....'), 'proof.png', 'image/png');
    expect(gif.status).toBe(415);
    expect((await orderRow(ref)).proof_key).toBeNull();
    expect(await eventsOf(ref)).toEqual([]);
  });

  it('refuses a file over 5 MB (413), a form without the file (400) and a body that is not a form (415)', async () => {
    const { ref } = await placeOrder();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PDF_BYTES.subarray(0, 5));
    const tooLarge = await uploadProof(ref, big);
    expect(tooLarge.status).toBe(413);
    expect((await tooLarge.json<Problem>()).message).toBe('The file is larger than 5 MB. Please upload a smaller PDF, JPEG or PNG.');
    // Exactly 5 MB is accepted.
    const exact = new Uint8Array(5 * 1024 * 1024);
    exact.set(PDF_BYTES.subarray(0, 5));
    expect((await uploadProof(ref, exact)).status).toBe(201);

    const form = new FormData();
    form.append('note', 'no file');
    const { SELF } = await import('cloudflare:test');
    const missing = await SELF.fetch(`https://shop.test/api/orders/${ref}/proof-of-payment`, { method: 'POST', body: form });
    expect(missing.status).toBe(400);
    const json = await SELF.fetch(`https://shop.test/api/orders/${ref}/proof-of-payment`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(json.status).toBe(415);
  });

  it('is a 409 for an order paid in full or cancelled, a 404 for an unknown one and a 400 for a bad reference', async () => {
    const paid = await placeOrder();
    await env.DB.prepare("UPDATE orders SET payment_status = 'paid' WHERE reference = ?").bind(paid.ref).run();
    const res = await uploadProof(paid.ref, PDF_BYTES);
    expect(res.status).toBe(409);
    expect((await res.json<Problem>()).message).toBe(`Order ${paid.ref} is already paid in full: no proof of payment is needed.`);

    const cancelled = await placeOrder();
    await env.DB.prepare("UPDATE orders SET fulfilment_status = 'cancelled' WHERE reference = ?").bind(cancelled.ref).run();
    expect((await uploadProof(cancelled.ref, PDF_BYTES)).status).toBe(409);
    expect(await env.MEDIA.list({ prefix: `proofs/${cancelled.ref}/` })).toMatchObject({ objects: [] });

    // Part paid: the balance is still owed, so a proof is welcome.
    const part = await placeOrder();
    await env.DB.prepare("UPDATE orders SET payment_status = 'part_paid' WHERE reference = ?").bind(part.ref).run();
    expect((await uploadProof(part.ref, PDF_BYTES)).status).toBe(201);

    expect((await uploadProof('CB-NOSUCHORDER1', PDF_BYTES)).status).toBe(404);
    expect((await uploadProof('not-a-ref', PDF_BYTES)).status).toBe(400);
  });
});

describe('staff: the proof behind the session, and the awaiting transfer filter', () => {
  it('GET /api/admin/orders/{reference}/proof streams it to staff only, and the detail links it', async () => {
    const { ref } = await placeOrder();
    expect((await staffFetch(cookie, 'GET', `/api/admin/orders/${ref}/proof`)).status).toBe(404);
    await uploadProof(ref, PDF_BYTES);
    const anonymous = await staffFetch('', 'GET', `/api/admin/orders/${ref}/proof`);
    expect(anonymous.status).toBe(401);
    const res = await staffFetch(cookie, 'GET', `/api/admin/orders/${ref}/proof`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/pdf');
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF_BYTES);
    const detail = await (await staffFetch(cookie, 'GET', `/api/admin/orders/${ref}`)).json<{ order: { proof: unknown } }>();
    expect(detail.order.proof).toEqual({ uploadedAt: expect.any(String), url: `/api/admin/orders/${ref}/proof` });
  });

  it("?payment=awaiting_transfer lists unpaid orders with no card checkout, or with a proof, or staff's bank_transfer; never paid or cancelled ones", async () => {
    const plain = await placeOrder();
    const carded = await placeOrder();
    const cardedWithProof = await placeOrder();
    const paid = await placeOrder();
    const cancelled = await placeOrder();
    const partPaid = await placeOrder();
    await env.DB.batch([
      env.DB.prepare("UPDATE orders SET checkout_id = 'chk-' || reference, payment_status = 'failed' WHERE reference IN (?, ?)").bind(
        carded.ref,
        cardedWithProof.ref,
      ),
      env.DB.prepare("UPDATE orders SET payment_status = 'paid' WHERE reference = ?").bind(paid.ref),
      env.DB.prepare("UPDATE orders SET fulfilment_status = 'cancelled' WHERE reference = ?").bind(cancelled.ref),
      env.DB.prepare("UPDATE orders SET payment_status = 'part_paid' WHERE reference = ?").bind(partPaid.ref),
    ]);
    await uploadProof(cardedWithProof.ref, PDF_BYTES);
    const refs: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await staffFetch(cookie, 'GET', `/api/admin/orders?payment=awaiting_transfer${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      const page = await res.json<{ orders: { reference: string }[]; nextCursor: string | null }>();
      refs.push(...page.orders.map((o) => o.reference));
      cursor = page.nextCursor;
    } while (cursor);
    expect(refs).toContain(plain.ref);
    expect(refs).toContain(cardedWithProof.ref);
    expect(refs).toContain(partPaid.ref);
    expect(refs).not.toContain(carded.ref);
    expect(refs).not.toContain(paid.ref);
    expect(refs).not.toContain(cancelled.ref);
  });
});

describe('retention', () => {
  it('deletes proofs uploaded more than PROOF_RETENTION_DAYS ago and keeps younger ones', async () => {
    const { ref } = await placeOrder();
    await uploadProof(ref, PDF_BYTES);
    const key = (await orderRow(ref)).proof_key as string;
    const day = 24 * 60 * 60 * 1000;
    expect((await purgeOldProofs(env.MEDIA, new Date(Date.now() + (PROOF_RETENTION_DAYS - 1) * day))).proofsDeleted).toBe(0);
    expect(await env.MEDIA.head(key)).not.toBeNull();
    const { proofsDeleted } = await purgeOldProofs(env.MEDIA, new Date(Date.now() + (PROOF_RETENTION_DAYS + 1) * day));
    expect(proofsDeleted).toBeGreaterThanOrEqual(1);
    expect(await env.MEDIA.head(key)).toBeNull();
  });
});
