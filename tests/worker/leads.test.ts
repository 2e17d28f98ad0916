import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { clearOfWindowEnd, postJson, WINDOW_WAIT_TIMEOUT_MS } from './helpers';

const lead = {
  name: 'Thandi Mokoena',
  email: 'thandi@example.co.za',
  phone: '082 555 0101',
  whatsapp: '',
  location: 'Knysna',
  source: 'ar_visualizer',
  productInterest: 'Venetian Blind - 50mm Aluminium',
  sessionData: {
    blindType: 'venetian-aluminium-50mm',
    colour: 'Silver',
    openingType: 'standard',
    mountType: 'inside-recess',
    dimensions: { width_mm: 1200, height_mm: 1500 },
  },
  notes: '',
  popiaConsent: true,
};

describe('POST /api/leads/capture', () => {
  it('stores the lead, empty optional fields as null, consent with its time, and answers leadId', async () => {
    const res = await postJson('/api/leads/capture', lead, { 'CF-Connecting-IP': '198.51.100.1' });
    expect(res.status).toBe(201);
    const { success, leadId } = await res.json<any>();
    expect(success).toBe(true);
    const row = await env.DB.prepare('SELECT * FROM leads WHERE id = ?').bind(leadId).first<any>();
    expect(row).toMatchObject({
      name: 'Thandi Mokoena',
      email: 'thandi@example.co.za',
      whatsapp: null,
      notes: null,
      location: 'Knysna',
      source: 'ar_visualizer',
      follow_up_status: 'new',
      popia_consent: 1,
    });
    expect(row.popia_consent_at).toMatch(/^\d{4}-/);
    expect(JSON.parse(row.session_data).colour).toBe('Silver');
    // The business's notice is in the outbox as soon as the answer is given (queued in the lead's batch).
    const notice = await env.DB.prepare('SELECT * FROM email_outbox WHERE dedupe_key = ?').bind(`lead-notification:${leadId}`).first<any>();
    expect(notice).toMatchObject({ kind: 'lead-notification', to_address: 'info@example.co.za' });
    expect(notice.text).toContain('https://shop.test/leads');
  });

  it('keeps where the size came from (sizeSource) and tells the business a typical size is not measured', async () => {
    const typical = { ...lead, sessionData: { ...lead.sessionData, dimensions: { width_mm: 1200, drop_mm: 1200, sizeSource: 'typical' } } };
    const res = await postJson('/api/leads/capture', typical, { 'CF-Connecting-IP': '198.51.100.6' });
    expect(res.status).toBe(201);
    const { leadId } = await res.json<any>();
    const row = await env.DB.prepare('SELECT session_data FROM leads WHERE id = ?').bind(leadId).first<any>();
    expect(JSON.parse(row.session_data).dimensions).toEqual({ width_mm: 1200, drop_mm: 1200, sizeSource: 'typical' });
    const notice = await env.DB.prepare('SELECT text, html FROM email_outbox WHERE dedupe_key = ?')
      .bind(`lead-notification:${leadId}`)
      .first<any>();
    expect(notice.text).toContain('1200 x 1200 mm (typical size, not measured)');
    expect(notice.html).toContain('typical size, not measured');

    const own = { ...lead, sessionData: { ...lead.sessionData, dimensions: { width_mm: 1450, drop_mm: 1720, sizeSource: 'customer' } } };
    const ownRes = await postJson('/api/leads/capture', own, { 'CF-Connecting-IP': '198.51.100.6' });
    const ownNotice = await env.DB.prepare('SELECT text FROM email_outbox WHERE dedupe_key = ?')
      .bind(`lead-notification:${(await ownRes.json<any>()).leadId}`)
      .first<any>();
    expect(ownNotice.text).toContain("1450 x 1720 mm (customer's own size)");
    expect(ownNotice.text).not.toContain('not measured');
  });

  it.each([
    [
      { ...lead, sessionData: { ...lead.sessionData, dimensions: { width_mm: 1200, drop_mm: 1200, sizeSource: 'guess' } } },
      'sessionData.dimensions.sizeSource',
    ],
    [{ ...lead, sessionData: { ...lead.sessionData, dimensions: { width_mm: 'wide', drop_mm: 1200 } } }, 'sessionData.dimensions.width_mm'],
    [{ ...lead, source: 'facebook' }, 'source'],
    [{ ...lead, email: 'not-an-email' }, 'email'],
    [{ ...lead, name: '   ' }, 'name'],
    [{ ...lead, name: 'x'.repeat(121) }, 'name'],
    [{ ...lead, notes: 'x'.repeat(4001) }, 'notes'],
    // The lead form shows a POPIA consent box: no lead without the tick.
    [{ ...lead, popiaConsent: false }, 'popiaConsent: tick the box to agree to be contacted'],
    [{ ...lead, popiaConsent: undefined }, 'popiaConsent: tick the box to agree to be contacted'],
  ])('rejects %#: a 400 naming %s, and stores nothing', async (body, field) => {
    const before = await env.DB.prepare('SELECT COUNT(*) AS n FROM leads').first<number>('n');
    const res = await postJson('/api/leads/capture', body, { 'CF-Connecting-IP': '198.51.100.2' });
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toContain(field);
    expect(await env.DB.prepare('SELECT COUNT(*) AS n FROM leads').first<number>('n')).toBe(before);
  });

  it(
    'rate limits one client: the 11th lead in ten minutes is a 429 with Retry-After',
    async () => {
      const ip = '198.51.100.3';
      await clearOfWindowEnd(600);
      for (let i = 0; i < 10; i++) expect((await postJson('/api/leads/capture', lead, { 'CF-Connecting-IP': ip })).status).toBe(201);
      const res = await postJson('/api/leads/capture', lead, { 'CF-Connecting-IP': ip });
      expect(res.status).toBe(429);
      expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
      expect((await res.json<any>()).error).toBe('rate_limited');
    },
    WINDOW_WAIT_TIMEOUT_MS,
  );
});

describe('POST /api/customer-details', () => {
  it('stores the quick-details dialog fields with the session id', async () => {
    const res = await postJson(
      '/api/customer-details',
      {
        name: 'Pieter',
        whatsapp: '082 123 4567',
        email: 'pieter@example.co.za',
        feature: 'ar_visualizer',
        sessionId: 'session_1_abcdefghi',
        ipAddress: null,
        popiaConsent: true,
      },
      { 'CF-Connecting-IP': '198.51.100.4' },
    );
    expect(res.status).toBe(201);
    const { id } = await res.json<any>();
    const row = await env.DB.prepare('SELECT * FROM customer_details WHERE id = ?').bind(id).first<any>();
    expect(row).toMatchObject({
      name: 'Pieter',
      whatsapp: '082 123 4567',
      session_id: 'session_1_abcdefghi',
      ip_address: null,
      feature: 'ar_visualizer',
    });
    // Shown on the staff leads page as a lead of its own (source quick_details).
    const lead = await env.DB.prepare(`SELECT * FROM leads WHERE source = 'quick_details' AND email = 'pieter@example.co.za'`).first<any>();
    expect(lead).toMatchObject({ name: 'Pieter', whatsapp: '082 123 4567', follow_up_status: 'new', popia_consent: 1 });
    expect(lead.popia_consent_at).toMatch(/^\d{4}-/);
    expect(JSON.parse(lead.session_data)).toEqual({ feature: 'ar_visualizer', sessionId: 'session_1_abcdefghi' });
  });

  it('rejects missing WhatsApp and a bad e-mail', async () => {
    const res = await postJson(
      '/api/customer-details',
      { name: 'Pieter', email: 'nope', popiaConsent: true },
      { 'CF-Connecting-IP': '198.51.100.5' },
    );
    expect(res.status).toBe(400);
    const body = await res.json<any>();
    expect(body.issues.map((i: any) => i.path).sort()).toEqual(['email', 'whatsapp']);
  });

  // The dialog shows the lead form's POPIA consent, and the server refuses the details without it.
  it.each([[{}], [{ popiaConsent: false }], [{ popiaConsent: 'yes' }]])(
    'refuses the details without consent (%j): a 400 that says so, nothing stored',
    async (consent) => {
      const body = {
        name: 'No Consent',
        whatsapp: '082 123 4567',
        email: 'no-consent@example.co.za',
        feature: 'ar_visualizer',
        ...consent,
      };
      const res = await postJson('/api/customer-details', body, { 'CF-Connecting-IP': '198.51.100.7' });
      expect(res.status).toBe(400);
      const answer = await res.json<any>();
      expect(answer.error).toBe('validation_error');
      expect(answer.message).toBe(
        'popiaConsent: tick the box to agree to be contacted about this enquiry (see our privacy notice at /privacy)',
      );
      expect(
        await env.DB.prepare(`SELECT COUNT(*) AS n FROM customer_details WHERE email = 'no-consent@example.co.za'`).first<number>('n'),
      ).toBe(0);
      expect(await env.DB.prepare(`SELECT COUNT(*) AS n FROM leads WHERE email = 'no-consent@example.co.za'`).first<number>('n')).toBe(0);
    },
  );
});
