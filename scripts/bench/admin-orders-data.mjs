// The 50,000 generated orders of the 'admin-orders' benchmark step, as SQL for `wrangler d1 execute`:
// names, phone numbers in the spellings customers type, statuses, lines and courier tracking, from a
// seeded generator so every run writes the same data.

export const ADMIN_ORDER_COUNT = Number(process.env.BENCH_ADMIN_ORDERS ?? 50_000);
const ROWS_PER_INSERT = 250;
const DAY_MS = 86_400_000;

const FIRST = [
  'Thandi',
  'Pieter',
  'Nomsa',
  'Johan',
  'Lerato',
  'Sipho',
  'Anele',
  'Chantal',
  'Riaan',
  'Zanele',
  'Kagiso',
  'Marelize',
  'Themba',
  'Annelie',
  'Bongani',
  'Liezel',
  'Mandla',
  'Carmen',
  'Tshepo',
  'Elna',
  'Ayanda',
  'Hennie',
  'Naledi',
  'Francois',
  'Palesa',
  'Gert',
  'Refilwe',
  'Karin',
  'Sibusiso',
  'Ilse',
];
const LAST = [
  'Nkosi',
  'van der Merwe',
  'Dlamini',
  'Botha',
  'Mokoena',
  'Naidoo',
  'Pretorius',
  'Khumalo',
  'Smit',
  'Zulu',
  'du Plessis',
  'Ndlovu',
  'Venter',
  'Mthembu',
  'Coetzee',
  'Pillay',
  'Steyn',
  'Mahlangu',
  'Fourie',
  'Sithole',
  'Jacobs',
  'Molefe',
  'Kruger',
  'Mabaso',
  'Meyer',
  'Govender',
  'Joubert',
  'Ngcobo',
  'Swanepoel',
  'Radebe',
  'le Roux',
  'Shabalala',
  'Erasmus',
  'Cele',
  'Olivier',
  'Maseko',
  'Nel',
  'Buthelezi',
  'Visser',
  'Mkhize',
];
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const SIZE_SOURCES = [
  'typed',
  'typed',
  'typed',
  'scan-a4',
  'scan-estimate',
  'polygon-estimate',
  'walkthrough-estimate',
  'ar-typical',
  'staff-confirmed',
];
const PRODUCTS = [
  ['roller-blockout', 'Roller Blockout'],
  ['roller-sunscreen', 'Roller Sunscreen'],
  ['venetian-aluminium', 'Aluminium Venetian'],
  ['vertical', 'Vertical Blind'],
];

/** A small seeded generator (mulberry32): the same 50,000 orders every run. */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { next, int: (n) => Math.floor(next() * n), pick: (list) => list[Math.floor(next() * list.length)] };
}

/** A weighted choice: [[value, weight], ...]. */
function weighted(rnd, choices) {
  let roll = rnd.next() * choices.reduce((sum, [, w]) => sum + w, 0);
  for (const [value, w] of choices) if ((roll -= w) < 0) return value;
  return choices.at(-1)[0];
}

const sql = (v) => (v === null || v === undefined ? 'NULL' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);

/** A phone number in one of the spellings customers and staff type. */
function phoneSpelling(rnd, digits9) {
  const [a, b, c] = [digits9.slice(0, 2), digits9.slice(2, 5), digits9.slice(5)];
  return weighted(rnd, [
    [`0${a} ${b} ${c}`, 5],
    [`+27 ${a} ${b} ${c}`, 2],
    [`0${digits9}`, 2],
    [`27${digits9}`, 1],
  ]);
}

/**
 * The orders as SQL, newest up to `now`, spread over two years: statuses by age (old orders are
 * delivered or installed), payment states, sources and methods in proportions a small shop sees.
 * Returns the file and a sample of what the searches look for.
 */
export function ordersSql(count = ADMIN_ORDER_COUNT, now = Date.now()) {
  const rnd = generator(20261126);
  const references = new Set();
  const orders = [];
  const lines = [];
  const tracking = [];
  const samples = { phones: [], emails: [], names: [] };
  for (let i = 0; i < count; i++) {
    let reference;
    do reference = `CB-${Array.from({ length: 10 }, () => ALPHABET[rnd.int(ALPHABET.length)]).join('')}`;
    while (references.has(reference));
    references.add(reference);
    const ageDays = rnd.next() ** 1.3 * 730; // more recent orders than old ones
    const created = now - ageDays * DAY_MS;
    const createdAt = new Date(created).toISOString();
    const first = rnd.pick(FIRST);
    const last = rnd.pick(LAST);
    const source = weighted(rnd, [
      ['online', 80],
      ['phone', 10],
      ['site_visit', 7],
      ['walk_in', 3],
    ]);
    const method = source === 'site_visit' || rnd.next() < 0.2 ? 'installation' : 'courier';
    const digits9 = `8${rnd.int(4)}${String(rnd.int(10_000_000)).padStart(7, '0')}`;
    const phone = source === 'online' && rnd.next() < 0.05 ? null : phoneSpelling(rnd, digits9);
    const hasEmail = source === 'online' || rnd.next() < 0.6;
    const emailLocal = `${first}.${last.replace(/ /g, '')}${i}`;
    const email = hasEmail ? (rnd.next() < 0.3 ? `${emailLocal}@Example.co.za` : `${emailLocal.toLowerCase()}@example.co.za`) : '';
    const payment = weighted(rnd, [
      ['paid', 72],
      ['pending', 16],
      ['failed', 4],
      ['cancelled', 3],
      ['refunded', 3],
      ['part_paid', 2],
    ]);
    const paidAt =
      payment === 'paid' || payment === 'refunded' || payment === 'part_paid' ? new Date(created + 3_600_000).toISOString() : null;
    const last1 = method === 'installation' ? 'installed' : 'delivered';
    const status =
      payment === 'cancelled' || (payment !== 'paid' && ageDays > 30) || rnd.next() < 0.03
        ? 'cancelled'
        : ageDays > 25
          ? last1
          : ageDays > 14
            ? weighted(rnd, [
                [last1, 5],
                ['dispatched', 3],
                ['in_production', 1],
              ])
            : ageDays > 2
              ? weighted(rnd, [
                  ['sizes_confirmed', 2],
                  ['in_production', 5],
                  ['dispatched', 1],
                ])
              : weighted(rnd, [
                  ['received', 3],
                  ['sizes_confirmed', 1],
                ]);
    const lineCount = 1 + rnd.int(3);
    let total = 0;
    for (let n = 1; n <= lineCount; n++) {
      const [productId, productName] = rnd.pick(PRODUCTS);
      const quantity = 1 + rnd.int(2);
      const unit = 80_000 + rnd.int(400_000);
      total += unit * quantity;
      const sizeSource = status === 'received' ? rnd.pick(SIZE_SOURCES) : rnd.next() < 0.5 ? 'typed' : 'staff-confirmed';
      lines.push([
        reference,
        n,
        productId,
        productName,
        600 + rnd.int(2400),
        600 + rnd.int(2400),
        'left',
        'inside-recess',
        'White',
        quantity,
        unit,
        unit * quantity,
        1,
        sizeSource,
      ]);
    }
    const vat = Math.round((total * 15) / 115);
    const phoneKey = phone ? phone.replace(/\D/g, '').slice(-9) : null;
    orders.push([
      reference,
      `${first} ${last}`,
      email,
      phone,
      `${1 + rnd.int(200)} Main Road, Knysna, 6571`,
      total - vat,
      vat,
      total,
      payment,
      paidAt,
      createdAt,
      status,
      createdAt,
      source,
      method,
      phoneKey,
      source === 'online' ? null : 'bank_transfer',
    ]);
    if (method === 'courier' && (status === 'dispatched' || status === 'delivered')) {
      const at = new Date(created + 5 * DAY_MS).toISOString();
      tracking.push([
        `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        reference,
        `BENCH${String(i).padStart(7, '0')}`,
        status === 'delivered' ? 'delivered' : 'in_transit',
        'On its way',
        '[]',
        at,
        at,
      ]);
    }
    if (i % 997 === 0 && phone) samples.phones.push(phone);
    if (i % 991 === 0 && email) samples.emails.push(email);
  }
  const statements = [];
  const insert = (head, rows) => {
    for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
      statements.push(
        `${head} VALUES\n${rows
          .slice(i, i + ROWS_PER_INSERT)
          .map((r) => `(${r.map(sql).join(',')})`)
          .join(',\n')};`,
      );
  };
  insert(
    'INSERT INTO orders (reference, customer_name, customer_email, customer_phone, customer_address, subtotal_cents, vat_cents, total_cents, payment_status, paid_at, created_at, fulfilment_status, fulfilment_status_at, source, fulfilment_method, customer_phone_key, payment_method)',
    orders,
  );
  insert(
    'INSERT INTO order_lines (order_reference, line_no, product_id, product_name, width_mm, drop_mm, control_side, mount_type, colour, quantity, unit_price_cents, total_cents, price_list_version, size_source)',
    lines,
  );
  insert(
    'INSERT INTO tracking_entries (id, order_id, tracking_number, status, status_message, tracking_history, created_at, updated_at)',
    tracking,
  );
  // Part of a surname (many orders), and a whole first and last name (a handful).
  samples.names = ['Nkos', 'der Merwe', 'Ilse Cele', 'Gert Radebe'];
  return { text: `${statements.join('\n')}\n`, orders: orders.length, lines: lines.length, tracking: tracking.length, samples };
}
