// Evaluation of the built-in consultant: realistic customer messages, each with the facts its
// answer must contain. Expected prices and colours are READ from the pricing and catalogue
// services, so the test follows the price grids and colour sets in D1.
import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { PRODUCTS } from '../../worker/seed/catalogue-data';
import { coloursForProduct } from '../../worker/services/catalog';
import { answerBuiltIn } from '../../worker/services/consultant/built-in-consultant';
import { parseContactDetails } from '../../worker/services/consultant/contact-details';
import { formatRandFromCents } from '../../worker/shared/money';
import { parseSize } from '../../worker/services/consultant/parse-size';
import { matchProduct } from '../../worker/services/consultant/product-match';
import type { ChatTurn, ConsultantDeps, ConsultantMemory } from '../../worker/services/consultant/types';
import { gridForProduct, priceForSize } from '../../worker/services/pricing';

const contact = {
  phoneGardenRoute: '+27 44 000 0000',
  phoneNational: '+27 21 000 0000',
  whatsappNational: '+27 82 000 0001',
  email: 'info@example.co.za',
  businessName: 'Custom Blinds',
  assistantName: 'Melvin',
};
const deps = (): ConsultantDeps => ({ db: env.DB, contact });
const WHATSAPP_LINK = 'https://wa.me/27820000001';

async function ask(message: string, memory: ConsultantMemory = {}, history: ChatTurn[] = []) {
  const answer = await answerBuiltIn({ message, history, memory, deps: deps() });
  expect(answer.response.trim().length).toBeGreaterThan(0);
  expect(answer.response).not.toMatch(/undefined|NaN|null|\[object/);
  return answer;
}

/** The price the pricing service gives, formatted as the consultant must show it. */
async function priceOf(productId: string, widthMm: number, dropMm: number): Promise<string> {
  const grid = await gridForProduct(env.DB, productId);
  if (!grid) throw new Error(`no grid for ${productId}`);
  const result = priceForSize(grid, widthMm, dropMm);
  if (!result.ok) throw new Error(`${productId} ${widthMm}x${dropMm}: ${result.message}`);
  return formatRandFromCents(result.priceCents);
}

const nameOf = (id: string) => PRODUCTS.find((p) => p.id === id)!.name;
const colourNames = async (id: string) => (await coloursForProduct(env.DB, id)).colours.map((c) => c.name);

type Fact = string | (() => Promise<string | string[]>);
interface EvalCase {
  message: string;
  facts: Fact[];
  features?: string[];
  absent?: string[];
}

const priced = (id: string, w: number, d: number): Fact[] => [nameOf(id), () => priceOf(id, w, d), `${w} x ${d} mm`, 'VAT'];

const CASES: EvalCase[] = [
  // Sizes in every format, all 13 calculator products.
  { message: 'How much for a roller blockout 1200 x 1500?', facts: priced('roller-blockout', 1200, 1500), features: ['pricing'] },
  { message: 'Price for a sheer roller blind 1.2 m by 1.5 m please', facts: priced('roller-sheer', 1200, 1500), features: ['pricing'] },
  { message: '25mm aluminium venetian, 120 cm x 150 cm', facts: priced('venetian-25mm-aluminium', 1200, 1500) },
  { message: 'I need a 50mm venetian 1200 wide and 1500 drop', facts: priced('venetian-50mm-aluminium', 1200, 1500) },
  { message: 'aluwood 25mm 900x1200mm', facts: priced('venetian-25mm-aluwood', 900, 1200) },
  { message: '50mm aluwood venetian 1,2m x 1,5m', facts: priced('venetian-50mm-aluwood', 1200, 1500) },
  { message: 'Plaswood blind for 1500 x 1800', facts: priced('venetian-50mm-plaswood', 1500, 1800) },
  { message: 'How much is a wooden venetian 2400 × 2100?', facts: priced('venetian-50mm-wood', 2400, 2100) },
  { message: 'vertical blinds for my sliding door, 2400 wide by 2100 high', facts: priced('vertical-blockout', 2400, 2100) },
  { message: 'honeycomb blockout 1000 x 1000 mm', facts: priced('honeycomb-blockout', 1000, 1000) },
  { message: 'What does a duotone honeycomb cost for 1800 x 1200?', facts: priced('honeycomb-duotone', 1800, 1200) },
  { message: 'zebra blind 1500x1500', facts: priced('doubleroller-zebra', 1500, 1500) },
  { message: 'Quote for a day and night blind, 1.8m x 2m', facts: priced('doubleroller-zebra', 1800, 2000) },
  { message: 'outdoor blinds for the patio 3000 x 2400', facts: priced('outdoor-blinds', 3000, 2400) },
  { message: 'plantation shutters 1200 x 1400', facts: [nameOf('shutter-basswood'), () => priceOf('shutter-basswood', 1200, 1400)] },
  {
    message: 'folding arm awning 3 m x 2,5 m',
    facts: [nameOf('awning-folding-arm'), () => priceOf('awning-folding-arm', 3000, 2500), 'projection'],
  },
  {
    message: 'Roller blind - Blockout, width 1150 drop 1420',
    facts: [nameOf('roller-blockout'), () => priceOf('roller-blockout', 1150, 1420), 'next size up'],
  },
  { message: 'How much for a blind 1200 x 1500?', facts: ['1200 x 1500 mm', 'Which blind'], features: ['pricing'] },
  { message: 'How much is a roller blockout?', facts: ['Prices start at', () => priceOf('roller-blockout', 600, 600), 'width and drop'] },
  // Recommendations by room and need.
  {
    message: 'What do you recommend for a dark bedroom?',
    facts: [nameOf('roller-blockout'), nameOf('honeycomb-blockout')],
    features: ['recommendation'],
  },
  {
    message: 'Which blinds are best for a bathroom with lots of steam?',
    facts: [nameOf('venetian-25mm-aluminium'), nameOf('venetian-50mm-plaswood'), 'warp'],
    features: ['recommendation'],
  },
  {
    message: 'Something for my kitchen window?',
    facts: [nameOf('venetian-50mm-aluminium'), nameOf('roller-sheer')],
    features: ['recommendation'],
  },
  {
    message: 'Our north-facing lounge gets terrible heat and glare in the afternoon',
    facts: [nameOf('roller-sheer'), nameOf('honeycomb-duotone')],
    features: ['recommendation'],
  },
  {
    message: 'The neighbours can see into our lounge, I need privacy',
    facts: [nameOf('doubleroller-zebra'), 'night'],
    features: ['recommendation'],
  },
  {
    message: 'What can I put on my patio to stop the wind and sun?',
    facts: [nameOf('outdoor-blinds'), nameOf('awning-folding-arm')],
    features: ['recommendation'],
  },
  {
    message: "I'm on a tight budget, what's the cheapest option?",
    facts: [
      async () => {
        const priced: { id: string; cents: number }[] = [];
        for (const p of PRODUCTS.filter((x) => x.calculatorId)) {
          const r = priceForSize((await gridForProduct(env.DB, p.id))!, 1200, 1500);
          if (r.ok) priced.push({ id: p.id, cents: r.priceCents });
        }
        priced.sort((a, b) => a.cents - b.cents);
        return [nameOf(priced[0]!.id), formatRandFromCents(priced[0]!.cents)];
      },
    ],
    features: ['recommendation', 'pricing'],
  },
  // Size limits.
  { message: 'roller blockout 3500 x 1500', facts: ['custom', '3000 mm', WHATSAPP_LINK], features: ['pricing', 'human-handoff'] },
  { message: 'venetian 200 x 200 mm', facts: ['too small', 'smallest'], features: ['pricing'] },
  {
    message: 'aluminium venetian 2600 wide and 1500 drop',
    facts: ['largest Venetian Blind - 50mm Aluminium we make is 2500 mm wide', contact.phoneNational],
    features: ['pricing', 'human-handoff'],
  },
  // Colours.
  { message: 'What colours does the roller blockout come in?', facts: [() => colourNames('roller-blockout')], features: ['colours'] },
  { message: 'Which colours are available for outdoor blinds?', facts: [() => colourNames('outdoor-blinds')], features: ['colours'] },
  { message: 'show me the 25mm aluwood colours', facts: [() => colourNames('venetian-25mm-aluwood')], features: ['colours'] },
  // Measuring.
  // Every measuring answer gives the tape-measure guide's address and the guide's own rule.
  {
    message: 'How do I measure my window?',
    facts: ['Inside recess', 'face-fix', 'width', 'drop', 'smallest', '/measuring-guide'],
    features: ['measuring-guide'],
  },
  {
    message: 'Should I fit inside the recess or outside?',
    facts: ['Inside recess', 'Outside (face-fix)', '/measuring-guide'],
    features: ['measuring-guide'],
  },
  {
    message: 'How do I measure for a face fix blind?',
    facts: ['add 50 mm on each side and 50 mm above and below', '/measuring-guide'],
    features: ['measuring-guide'],
    absent: ['Inside recess'],
  },
  {
    message: 'how do i measure inside the recess',
    facts: ['smallest', 'factory takes off', '/measuring-guide'],
    features: ['measuring-guide'],
    absent: ['face-fix'],
  },
  // Business facts.
  { message: 'Do your prices include VAT?', facts: ['15% VAT'], features: ['business-info'] },
  {
    message: 'How long does it take to make and deliver?',
    facts: ['1-2 business days', '7-10 business days', 'courier'],
    features: ['business-info'],
  },
  { message: 'How long is a quote valid?', facts: ['30 days'], features: ['business-info'] },
  { message: 'Do you do site visits in Knysna?', facts: ['Mossel Bay to Plettenberg Bay', 'site visits'], features: ['business-info'] },
  { message: 'I live in Johannesburg, can I still buy from you?', facts: ['online'], features: ['business-info'] },
  { message: 'Do you deliver?', facts: ['courier'], features: ['business-info'] },
  // Product knowledge.
  { message: 'Tell me about plaswood venetians', facts: ['PVC wood composite', 'Prices start at'], features: ['product-knowledge'] },
  { message: 'What is a cellular blind?', facts: [nameOf('honeycomb-blockout'), 'insulate'], features: ['product-knowledge'] },
  // People, orders, greetings, nonsense.
  {
    message: 'Can I speak to a person?',
    facts: [WHATSAPP_LINK, contact.phoneNational, contact.phoneGardenRoute],
    features: ['human-handoff'],
  },
  {
    message: 'Where is my order CB-123456?',
    facts: ["couldn't find an order with reference CB-123456", contact.phoneNational, WHATSAPP_LINK],
    features: ['order-tracking', 'human-handoff'],
  },
  { message: 'Can you track my order?', facts: ["send its reference, which starts with 'CB-'"], features: ['order-tracking'] },
  { message: 'Hi there', facts: ['Melvin', 'price'] },
  { message: 'asdfgh', facts: ['not sure', WHATSAPP_LINK], features: ['human-handoff'] },
];

describe('built-in consultant: single-message evaluation', () => {
  it('has a realistic evaluation set covering every calculator product', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
    const named = new Set(CASES.map((c) => matchProduct(c.message, PRODUCTS)).filter(Boolean));
    for (const p of PRODUCTS.filter((x) => x.calculatorId)) expect(named, p.id).toContain(p.id);
  });

  it.each(CASES)('$message', async ({ message, facts, features, absent }) => {
    const answer = await ask(message);
    for (const fact of facts) {
      const wanted = typeof fact === 'string' ? [fact] : [await fact()].flat();
      for (const w of wanted) expect(answer.response, `missing '${w}'`).toContain(w);
    }
    for (const f of features ?? []) expect(answer.features).toContain(f);
    for (const a of absent ?? []) expect(answer.response).not.toContain(a);
  });
});

describe('built-in consultant: lead capture', () => {
  it('captures a lead with source other and notes of what was discussed', async () => {
    const answer = await ask('My name is Thandi Mokoena, thandi@example.co.za, roller blockout 1200 x 1500');
    expect(answer.features).toContain('lead-capture');
    expect(answer.response).toContain("I've passed your details to our team");
    expect(answer.memory.leadId).toBeTruthy();
    const row = await env.DB.prepare('SELECT * FROM leads WHERE id = ?').bind(answer.memory.leadId!).first<any>();
    expect(row).toMatchObject({ name: 'Thandi Mokoena', email: 'thandi@example.co.za', source: 'chat', follow_up_status: 'new' });
    expect(row.notes).toContain(
      `Chat: asked about Roller Blind - Blockout 1200 x 1500 mm (${await priceOf('roller-blockout', 1200, 1500)})`,
    );
  });

  it('captures a lead from a name and a phone number, and offers a person', async () => {
    const answer = await ask('Hi, this is Pieter, please call me on 082 555 0101');
    expect(answer.features).toEqual(expect.arrayContaining(['lead-capture', 'human-handoff']));
    const row = await env.DB.prepare('SELECT * FROM leads WHERE id = ?').bind(answer.memory.leadId!).first<any>();
    expect(row).toMatchObject({ name: 'Pieter', phone: '082 555 0101', source: 'chat' });
  });

  it('collects details over several turns and captures the lead only once', async () => {
    let memory: ConsultantMemory = {};
    const history: ChatTurn[] = [];
    const turn = async (message: string) => {
      const answer = await ask(message, memory, history);
      history.push({ role: 'user', content: message }, { role: 'assistant', content: answer.response });
      memory = answer.memory;
      return answer;
    };
    await turn('Zebra blind 1500 x 1500');
    const named = await turn("I'm Lerato");
    expect(named.response).toContain('Lerato');
    expect(named.memory.leadId).toBeUndefined();
    const withEmail = await turn('lerato@example.com');
    expect(withEmail.features).toContain('lead-capture');
    const again = await turn('my number is 083 111 2222');
    expect(again.memory.leadId).toBe(withEmail.memory.leadId);
    const { n } = (await env.DB.prepare("SELECT COUNT(*) AS n FROM leads WHERE email = 'lerato@example.com'").first<{ n: number }>())!;
    expect(n).toBe(1);
    const row = await env.DB.prepare('SELECT notes FROM leads WHERE id = ?').bind(withEmail.memory.leadId!).first<any>();
    expect(row.notes).toContain(`Double Roller (Zebra) Blind 1500 x 1500 mm (${await priceOf('doubleroller-zebra', 1500, 1500)})`);
  });

  it.each([
    ['My name is Sipho Dlamini', { name: 'Sipho Dlamini' }],
    ["I'm Anna, anna@example.com", { name: 'Anna', email: 'anna@example.com' }],
    ['Johan here, +27 83 123 4567', { name: 'Johan', phone: '083 123 4567' }],
    ["I'm looking for blinds", {}],
    ['this is Megan 0721234567', { name: 'Megan', phone: '072 123 4567' }],
    ['Hi, this is Lindiwe Smith-Jones, please call me on 082 555 0177', { name: 'Lindiwe Smith-Jones', phone: '082 555 0177' }],
    ["I'm Sean O'Neill", { name: "Sean O'Neill" }],
  ])('reads contact details from %s', (message, expected) => {
    expect(parseContactDetails(message)).toEqual(expected);
  });
});

describe('built-in consultant: multi-turn memory', () => {
  it('prices a new product with the size given earlier', async () => {
    const first = await ask('My window is 1200 x 1500');
    expect(first.memory).toMatchObject({ widthMm: 1200, dropMm: 1500 });
    const second = await ask('what about in wood?', first.memory, [{ role: 'user', content: 'My window is 1200 x 1500' }]);
    expect(second.response).toContain(nameOf('venetian-50mm-wood'));
    expect(second.response).toContain(await priceOf('venetian-50mm-wood', 1200, 1500));
    expect(second.memory.productId).toBe('venetian-50mm-wood');
  });

  it('lists the colours of the product under discussion', async () => {
    const first = await ask('How much is a 50mm aluminium venetian at 1200x1500?');
    expect(first.response).toContain(await priceOf('venetian-50mm-aluminium', 1200, 1500));
    const second = await ask('what colours does it come in?', first.memory);
    for (const name of await colourNames('venetian-50mm-aluminium')) expect(second.response).toContain(name);
    expect(second.features).toContain('colours');
  });

  it('falls back to the history when no memory is passed', async () => {
    const answer = await ask('price it as a roller sheer please', {}, [
      { role: 'user', content: 'I have a window of 1800 x 2100' },
      { role: 'assistant', content: 'Which blind would you like priced?' },
    ]);
    expect(answer.response).toContain(await priceOf('roller-sheer', 1800, 2100));
  });

  it('changes the size and keeps the product', async () => {
    const first = await ask('honeycomb duotone 1200 x 1200');
    const second = await ask('and 900 x 1200?', first.memory);
    expect(second.response).toContain(await priceOf('honeycomb-duotone', 900, 1200));
  });

  it('is deterministic', async () => {
    const a = await ask('outdoor blinds for the patio 3000 x 2400');
    const b = await ask('outdoor blinds for the patio 3000 x 2400');
    expect(a).toEqual(b);
  });
});

describe('parseSize', () => {
  it.each([
    ['1200 x 1500', 1200, 1500],
    ['1200x1500mm', 1200, 1500],
    ['1200mm x 1500mm', 1200, 1500],
    ['1200 × 1500', 1200, 1500],
    ['1.2 m by 1.5 m', 1200, 1500],
    ['1.2m x 1.5m', 1200, 1500],
    ['1,2m x 1,5m', 1200, 1500],
    ['1,25 x 1,5 metres', 1250, 1500],
    ['120 cm x 150 cm', 1200, 1500],
    ['120cm by 150cm', 1200, 1500],
    ['1200 wide and 1500 drop', 1200, 1500],
    ['width 1200, drop 1500', 1200, 1500],
    ['1500 drop and 1200 wide', 1200, 1500],
    ['2 metres wide by 1.8 metres high', 2000, 1800],
    ['1,200 x 1,500 mm', 1200, 1500],
    ['1.2 x 1.5', 1200, 1500],
    ['60 x 90', 600, 900],
    ['1234.6 x 999.4 mm', 1235, 999],
  ])('%s', (text, widthMm, dropMm) => {
    expect(parseSize(text)).toEqual({ widthMm, dropMm });
  });

  it.each(['hello', 'call me on 082 555 0101', 'do you have 25mm venetians?', 'quote valid 30 days'])('finds no size in %s', (text) => {
    expect(parseSize(text)).toBeNull();
  });
});

describe('matchProduct', () => {
  it.each([
    ['venetian', 'venetian-50mm-aluminium'],
    ['25mm aluminium', 'venetian-25mm-aluminium'],
    ['aluwood 25mm', 'venetian-25mm-aluwood'],
    ['aluwood', 'venetian-50mm-aluwood'],
    ['plaswood', 'venetian-50mm-plaswood'],
    ['timber venetian', 'venetian-50mm-wood'],
    ['double roller', 'doubleroller-zebra'],
    ['cellular blind', 'honeycomb-blockout'],
    ['duotone', 'honeycomb-duotone'],
    ['patio blind', 'outdoor-blinds'],
    ['PVC shutters for the bathroom', 'shutter-pvc'],
    ['awning', 'awning-folding-arm'],
    ['sheer', 'roller-sheer'],
    ['verticals-blockout', 'vertical-blockout'],
  ])('%s -> %s', (text, id) => {
    expect(matchProduct(text, PRODUCTS)).toBe(id);
  });
  it('returns null for no product', () => {
    expect(matchProduct('asdfgh', PRODUCTS)).toBeNull();
  });
});

describe('formatRandFromCents', () => {
  it('matches the en-ZA rand format of the web app', () => {
    const intl = new Intl.NumberFormat('en-ZA', { style: 'currency', currency: 'ZAR', minimumFractionDigits: 2, maximumFractionDigits: 2 });
    for (const cents of [0, 5, 162400, 123456750, 99]) expect(formatRandFromCents(cents)).toBe(intl.format(cents / 100));
  });
});

// The consultant's speed is a benchmark, not a test: `npm run bench` (built-in consultant p95).

describe('the hand-off when the business has not configured its contacts (a fresh deployment)', () => {
  it('names only the channels that exist, and never an empty number', async () => {
    const none = { ...contact, phoneGardenRoute: '', phoneNational: '', whatsappNational: '', email: '' };
    const bare = await answerBuiltIn({ message: 'Can I speak to a person?', history: [], memory: {}, deps: { db: env.DB, contact: none } });
    expect(bare.response).toContain('Use the call and WhatsApp buttons on this page');
    expect(bare.response).not.toMatch(/on\s+\(|call\s+\(|e-mail\s*\.|wa\.me\/\?/);

    const emailOnly = await answerBuiltIn({
      message: 'Can I speak to a person?',
      history: [],
      memory: {},
      deps: { db: env.DB, contact: { ...none, email: 'info@example.co.za' } },
    });
    expect(emailOnly.response).toContain('E-mail info@example.co.za.');
    expect(emailOnly.response).not.toContain('WhatsApp us on');
  });
});

describe('a single dimension over 3000 mm (spec section 9)', () => {
  it.each([
    ['Can you do a roller blind 3500 mm wide?', 'width of 3500 mm'],
    ['I need a venetian with a drop of 3.2 m', 'drop of 3200 mm'],
    ['width 3600 for the patio please', 'width of 3600 mm'],
  ])('%s -> referred to the team, not described', async (message, fact) => {
    const answer = await ask(message);
    expect(answer.response).toContain(fact);
    expect(answer.response).toContain('made to order');
    expect(answer.response).toContain(contact.phoneNational);
    expect(answer.features).toContain('human-handoff');
  });

  it('a single dimension within 3000 mm is not referred', async () => {
    const answer = await ask('Can you do a roller blind 2400 mm wide?');
    expect(answer.response).not.toContain('made to order');
  });
});
