// The shop's policies and product options in the built-in consultant: every sentence comes from
// shared/shop-policies.ts (the same words the site's pages show) or from the catalogue in D1.
import {
  CONTACT_PROMISE,
  COURIER_TIME,
  DELIVERY_POLICY,
  INSTALLATION_POLICY,
  paymentPolicy,
  PRODUCTION_POLICY,
  QUOTE_POLICY,
  termsAnswer,
  VAT_POLICY,
} from '../../shared/shop-policies';
import { SWATCH_NOTE } from '../../shared/swatch-note';
import { BOOK_VISIT_SENTENCE } from '../../shared/visit-bookings-api';
import { addHandoff, type Ctx } from './answers';

const RE = {
  payment:
    /\b(pay|paying|payment|payments|eft|bank transfer|transfer|deposit|credit card|debit card|card|cash|instalments?|installments?|layby|lay-by|snapscan|zapper|visa|mastercard)\b/,
  delivery: /\b(deliver\w*|courier|shipping|ship|postage|send it|arrive)\b/,
  leadTime: /\b(how long|lead ?time|turn ?around|production|processing|when will|how soon|ready|manufactur\w*|take to make|weeks?|days?)\b/,
  installation: /\b(install\w*|fit(ting|ted)?|fitter|put (it|them) up|mount(ing)? (it|them)|hang(ing)? (it|them))\b/,
  guarantee: /\b(guarantee\w*|warrant\w*|how long (do|does|will) (they|it|the blinds?) last)\b/,
  returns: /\b(return\w*|refund\w*|exchange\w*|send (it|them) back|change my mind|cancel\w*)\b/,
  vat: /\bvat\b|\btax\b|incl(usive|uding)?\b/,
  validity: /\bquotes?\b.*\b(valid|expire|expiry|last|long|good for)\b|\bvalid\w*\b/,
};

export interface PolicyTopics {
  payment: boolean;
  delivery: boolean;
  leadTime: boolean;
  installation: boolean;
  guarantee: boolean;
  returns: boolean;
}

export function policyTopics(t: string): PolicyTopics {
  const guarantee = RE.guarantee.test(t);
  return {
    payment: RE.payment.test(t) && !/\bpay (someone|a person)\b/.test(t),
    delivery: RE.delivery.test(t),
    leadTime: RE.leadTime.test(t) && !guarantee,
    installation: RE.installation.test(t) && !/\bface ?fix\b/.test(t),
    guarantee,
    returns: RE.returns.test(t),
  };
}

/** The business facts the message asks about, as one paragraph; false when it asks none. */
export function answerPolicies(ctx: Ctx, t: string, asksOrder: boolean): boolean {
  const topics = policyTopics(t);
  const facts: string[] = [];
  if (RE.vat.test(t)) facts.push(VAT_POLICY);
  if (topics.payment) facts.push(paymentPolicy(ctx.contact.payment ?? { card: false, bankTransfer: false }));
  if (topics.leadTime) facts.push(`${PRODUCTION_POLICY} Then your blinds are delivered or fitted.`);
  if (asksOrder) return commit(ctx, facts);
  if (topics.delivery) facts.push(`${DELIVERY_POLICY} ${COURIER_TIME}`);
  if (topics.installation) facts.push(INSTALLATION_POLICY);
  if (topics.guarantee) facts.push(termsAnswer('guarantee'));
  if (topics.returns) facts.push(termsAnswer('returns'));
  if (RE.validity.test(t)) facts.push(QUOTE_POLICY);
  if (
    /\bwhere (are|do|is) (you|your)\b|\b(area|areas|region|garden route|mossel bay|george|knysna|plett\w*|wilderness|sedgefield|oudtshoorn|national\w*|nationwide|johannesburg|joburg|cape town|durban|pretoria|gauteng|bloemfontein|site visits?|come out|come and measure|visits?)\b/.test(
      t,
    )
  ) {
    facts.push(
      'We offer a local service along the Garden Route, from Mossel Bay to Plettenberg Bay, including site visits to measure and advise. Elsewhere in South Africa we help you online: measure, get a quote and order on our website.',
    );
    // The booking page holds the place at once and e-mails the calendar invitation (services/bookings).
    if (/\b(site visits?|visits?|come out|come and measure|book\w*|appointment)\b/.test(t)) facts.push(BOOK_VISIT_SENTENCE);
  }
  return commit(ctx, facts);
}

function commit(ctx: Ctx, facts: string[]): boolean {
  if (facts.length === 0) return false;
  ctx.features.add('business-info');
  ctx.parts.push([...new Set(facts)].join(' '));
  return true;
}

const OPTION_RE = {
  motor: /\bmotori[sz]\w*|\bmotors?\b|\belectric\w*\b|\bremote( control(led)?)?\b|\bsmart (home|blinds?)\b|\bautomat\w*/,
  chain: /\bchain\b|\bcontrol side\b|\bcords?\b|\bwand\b|\bleft or right\b|\bwhich side\b/,
};

/** Product options from the catalogue's own features (motorisation, chain side); true when answered. */
export function answerOptions(ctx: Ctx, t: string, productId: string | null): boolean {
  if (OPTION_RE.motor.test(t)) {
    const withMotor = ctx.catalogue.products.filter((p) => p.features.some((f) => /\bmotor/i.test(f)));
    ctx.features.add('product-knowledge');
    if (withMotor.length === 0) {
      ctx.parts.push(
        "No, our catalogue doesn't list motorised blinds: they are operated by chain, cord or wand. Our team can tell you if a motor can be arranged for your windows.",
      );
    } else {
      const list = withMotor.map((p) => `${p.name} (${p.features.find((f) => /\bmotor/i.test(f))})`).join('; ');
      ctx.parts.push(
        `Only some of our products have a motor option: ${list}. Our other blinds are operated by chain, cord or wand; ask our team if you'd like a motor on one of them.`,
      );
    }
    return true;
  }
  if (OPTION_RE.chain.test(t)) {
    const p = productId ? ctx.catalogue.byKey(productId) : null;
    const feature = p?.features.find((f) => /\b(chain|cord|wand|crank)\b/i.test(f));
    ctx.features.add('product-knowledge');
    ctx.parts.push(
      (feature ? `The ${p!.name}: ${feature}. ` : '') +
        "Yes, you choose the control side for each blind: pick 'Left' or 'Right' under 'Control side' in the quote calculator at /quote-calculator.",
    );
    return true;
  }
  return false;
}

const SAMPLE_RE = /\b(physical |fabric |colour |color )?samples?\b(?! prices?)|\bswatch(es)? (posted|sent|to see|in person)\b/;

/** A physical sample: the swatch note's own advice (shared/swatch-note.ts), and the team who sends them. */
export function answerSamples(ctx: Ctx, t: string): boolean {
  if (!SAMPLE_RE.test(t)) return false;
  ctx.features.add('colours');
  addHandoff(ctx, `${SWATCH_NOTE} Our team arranges samples:`);
  return true;
}

/** When the team answers: the spec's contact promise (section 9). */
export const HEAR_BACK = `Our team will contact you ${CONTACT_PROMISE}.`;
