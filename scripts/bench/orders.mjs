// Benchmark step 'orders': 100 concurrent order submissions, none lost, none twice.
import { spread } from './common.mjs';

const ORDER_COUNT = 100;
const ORDER_SIZES = [
  [900, 1200],
  [1200, 1500],
  [1500, 1800],
  [2100, 2400],
];

/**
 * 100 customers submit an order at the same moment (distinct addresses, as real customers are):
 * every one must be accepted with its own reference, read back with the server's total, and a
 * retry of each with its Idempotency-Key must answer the same order (nothing lost, nothing twice).
 */
export async function concurrentOrders(ctx) {
  const colours = await (await fetch(`${ctx.baseUrl}/api/colours/roller-blockout`)).json();
  const colour = colours.colours?.[0]?.name;
  if (!colour) throw new Error('no roller-blockout colour to order');
  const submissions = Array.from({ length: ORDER_COUNT }, (_, i) => {
    const [width_mm, drop_mm] = ORDER_SIZES[i % ORDER_SIZES.length];
    return {
      key: `bench-${Date.now()}-${i}`,
      ip: `198.51.${100 + Math.floor(i / 250)}.${(i % 250) + 1}`,
      body: {
        customer_name: `Bench Customer ${i}`,
        customer_email: `bench${i}@example.co.za`,
        customer_phone: '082 000 0000',
        blinds: [
          {
            product_type: 'roller-blockout',
            width_mm,
            drop_mm,
            control_side: 'left',
            mount_type: 'inside-recess',
            colour,
            quantity: 1 + (i % 3),
            price: 1,
          },
        ],
        total_amount: 1,
      },
    };
  });
  const submit = (s) =>
    fetch(`${ctx.baseUrl}/api/orders/submit`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Idempotency-Key': s.key, 'CF-Connecting-IP': s.ip },
      body: JSON.stringify(s.body),
    }).then(async (res) => ({ status: res.status, body: await res.json().catch(() => null) }));

  const started = performance.now();
  const times = [];
  const answers = await Promise.all(
    submissions.map(async (s) => {
      const t = performance.now();
      const answer = await submit(s);
      times.push(performance.now() - t);
      return { ...answer, ip: s.ip };
    }),
  );
  const wallMs = performance.now() - started;
  const accepted = answers.filter((a) => a.status === 201 && a.body?.success && typeof a.body.reference === 'string');
  const references = new Set(accepted.map((a) => a.body.reference));

  // Read every order back: none lost, each at the server's price (the client sent R 1).
  let found = 0;
  let serverPriced = 0;
  await Promise.all(
    accepted.map(async (a) => {
      // One reader address per order: the read-back limit (60 per 10 minutes) is per client.
      const res = await fetch(`${ctx.baseUrl}/api/orders/${a.body.reference}`, { headers: { 'CF-Connecting-IP': a.ip } });
      if (!res.ok) return;
      const { order } = await res.json();
      found += 1;
      if (order.total_cents > 100 && order.total_cents === a.body.order.total_cents) serverPriced += 1;
    }),
  );
  // Every customer's browser retries once with the same key: the same order, no new one.
  const retries = await Promise.all(submissions.map(submit));
  const sameOnRetry = retries.filter((r, i) => r.body?.reference === answers[i].body?.reference).length;

  const result = {
    submitted: ORDER_COUNT,
    accepted: accepted.length,
    distinct: references.size,
    readBack: found,
    serverPriced,
    sameOnRetry,
    statuses: Object.fromEntries(answers.reduce((m, a) => m.set(a.status, (m.get(a.status) ?? 0) + 1), new Map())),
    wallMs: Math.round(wallMs),
    ...spread(times),
  };
  ctx.log(
    `  ${result.submitted} concurrent submissions in ${result.wallMs} ms: ${result.accepted} accepted (${JSON.stringify(result.statuses)}), ${result.distinct} distinct references`,
  );
  ctx.log(
    `  read back ${result.readBack}, at the server's price ${result.serverPriced}; a retry with the same Idempotency-Key answered the same order ${result.sameOnRetry} times`,
  );
  ctx.log(`  time per submission: p50 ${result.p50} ms, p95 ${result.p95} ms, max ${result.max} ms (all in flight at once)`);
  const pass =
    result.accepted === ORDER_COUNT &&
    result.distinct === ORDER_COUNT &&
    result.readBack === ORDER_COUNT &&
    result.serverPriced === ORDER_COUNT &&
    result.sameOnRetry === ORDER_COUNT;
  ctx.targets.push({
    name: '100 concurrent orders, none lost',
    value: `${result.accepted}/${result.distinct}/${result.readBack}`,
    target: '100/100/100',
    pass,
  });
  return result;
}
