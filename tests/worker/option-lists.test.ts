// The staff CSV of a shutter's or awning's options (beside the price grids): the template is the
// options in force; an edited file uploaded back replaces them whole (audited, no longer sample),
// the price follows at once; a file with a problem names its row and changes nothing.
import { env, SELF } from 'cloudflare:test';
import { beforeAll, describe, expect, it } from 'vitest';
import { PRICE_GRIDS } from '../../worker/seed/catalogue-data';
import { BASE, postJson } from './helpers';

let staffCookie = '';
beforeAll(async () => {
  const res = await postJson('/api/admin/session', { pin: '4321' }, { 'CF-Connecting-IP': '192.0.2.89' });
  expect(res.status).toBe(200);
  staffCookie = res.headers
    .getSetCookie()
    .find((l) => l.startsWith('__Host-cb_staff='))!
    .split(';')[0]!;
});

const asStaff = (path: string, init: RequestInit = {}) =>
  SELF.fetch(`${BASE}${path}`, { ...init, headers: { Cookie: staffCookie, ...(init.headers as Record<string, string>) } });

function uploadOptions(productId: string, csv: string, cookie = true) {
  const form = new FormData();
  form.append('options_list', new File([csv], `${productId}-options.csv`, { type: 'text/csv' }));
  return SELF.fetch(`${BASE}/api/pricing/options-upload/${productId}`, {
    method: 'POST',
    body: form,
    headers: cookie ? { Cookie: staffCookie } : {},
  });
}

async function motorisedPrice(): Promise<any> {
  const res = await postJson('/api/pricing/quote', {
    product_type: 'awning-drop-arm',
    width_mm: 1800,
    drop_mm: 1500,
    options: { operation: 'motorised' },
  });
  return (await res.json<any>()).quote;
}

describe('options CSV', () => {
  it('downloads the options in force, and the edited file uploaded back is what the calculator prices', async () => {
    const res = await asStaff('/api/pricing/options-template/awning-drop-arm');
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Disposition')).toContain('awning-drop-arm-options.csv');
    const csv = await res.text();
    expect(csv).toBe(
      'group,code,label,charge_rand,charge_per,min_width_mm,max_width_mm,default\r\n' +
        'operation,manual,Manual (crank handle),0.00,item,,,yes\r\n' +
        'operation,motorised,Motorised (remote control),6500.00,item,,,no\r\n',
    );
    const before = await motorisedPrice();
    expect(before.sample_prices).toBe(true);

    const edited = csv.replace('6500.00', '7200.50').concat('operation,motorised-sensor,Motorised with wind sensor,8900.00,item,,,no\r\n');
    const up = await uploadOptions('awning-drop-arm', edited);
    expect(up.status).toBe(200);
    expect(await up.json<any>()).toMatchObject({ success: true, product_id: 'awning-drop-arm', options: 3 });

    const grid = PRICE_GRIDS.find((g) => g.productId === 'awning-drop-arm')!;
    const after = await motorisedPrice();
    expect(after.price_cents).toBe(grid.pricesCents[grid.dropsMm.indexOf(1500)]![grid.widthsMm.indexOf(1800)]! + 720_050);
    // The grid is still the sample one; the option charge is the business's own now.
    expect(after.options[0]).toMatchObject({ code: 'motorised', charge_cents: 720_050 });
    expect(await (await asStaff('/api/pricing/options-template/awning-drop-arm')).text()).toBe(edited);
    const audit = await env.DB.prepare("SELECT target FROM audit_log WHERE action = 'pricing.options.upload'").all<{ target: string }>();
    expect(audit.results.map((r) => r.target)).toContain('awning-drop-arm');
  });

  it.each([
    ['a wrong header', 'kind,code\r\nx,y\r\n', 'The first row must be the template'],
    [
      'an unknown group',
      'group,code,label,charge_rand,charge_per,min_width_mm,max_width_mm,default\r\ncolour,red,Red,0,item,,,no\r\n',
      'Row 2: group must be one of',
    ],
    [
      'a panel count that is not a number',
      'group,code,label,charge_rand,charge_per,min_width_mm,max_width_mm,default\r\npanels,two,2 panels,380,panel,500,1800,no\r\n',
      'Row 2: a panels code is the panel count',
    ],
    [
      'two defaults in a group',
      'group,code,label,charge_rand,charge_per,min_width_mm,max_width_mm,default\r\nframe,l-frame,L-frame,650,item,,,yes\r\nframe,z-frame,Z-frame,950,item,,,yes\r\n',
      'Row 3: frame has a default already',
    ],
    [
      'a negative charge',
      'group,code,label,charge_rand,charge_per,min_width_mm,max_width_mm,default\r\nlouvre,89mm,89 mm,-5,item,,,no\r\n',
      'Row 2: charge_rand must be rand',
    ],
  ])('refuses %s with the row, changing nothing', async (_label, csv, message) => {
    const before = await (await asStaff('/api/pricing/options-template/shutter-pvc')).text();
    const res = await uploadOptions('shutter-pvc', csv);
    expect(res.status).toBe(400);
    expect((await res.json<any>()).message).toContain(message);
    expect(await (await asStaff('/api/pricing/options-template/shutter-pvc')).text()).toBe(before);
  });

  it('is staff only', async () => {
    expect((await SELF.fetch(`${BASE}/api/pricing/options-template/shutter-pvc`)).status).toBe(401);
    expect((await uploadOptions('shutter-pvc', 'x', false)).status).toBe(401);
  });
});
