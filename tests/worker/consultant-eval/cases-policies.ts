// The shop's policies (payment, delivery, installation, guarantee, returns), damage and complaints,
// a person, measuring, the service area and order status. Policy wording is shared/shop-policies.ts.
import { DELIVERY_POLICY, INSTALLATION_POLICY, PRODUCTION_POLICY } from '../../../worker/shared/shop-policies';
import { EVAL_CONTACT, WHATSAPP_LINK, type EvalCase } from './types';

const NO_PAY_CARD = { card: false, bankTransfer: true };
const CARD_ONLY = { card: true, bankTransfer: false };

/** The lead stored for a person: consent recorded, marked, with the conversation. */
const personLead =
  (reason: string) =>
  async (a: { memory: { leadId?: string } }, h: { lead(id: string | undefined): Promise<Record<string, unknown> | null> }) => {
    const row = await h.lead(a.memory.leadId);
    if (!row) return 'no lead stored after consent';
    if (row.popia_consent !== 1 && row.popia_consent !== true) return `lead without consent: ${String(row.popia_consent)}`;
    if (!String(row.notes).includes('NEEDS A PERSON')) return 'lead not marked for a person';
    if (!String(row.notes).includes('Conversation:')) return 'no conversation attached';
    if (!String(row.session_data).includes(reason)) return `sessionData lacks needsPerson ${reason}`;
    return null;
  };

export const POLICY_CASES: EvalCase[] = [
  // Payment: only the ways the site is configured to take.
  {
    topic: 'payment',
    issueRow: 4,
    say: 'can I pay by EFT?',
    must: [/bank transfer \(EFT\)/, 'order reference'],
    mustNot: ['not sure I understood'],
  },
  { topic: 'payment', say: 'Can I pay by card?', must: ['card'], mustNot: ['not offered on the site'], features: ['business-info'] },
  {
    topic: 'payment',
    payment: NO_PAY_CARD,
    say: 'Can I pay by credit card?',
    must: ['Card payment is not offered'],
    mustNot: ['secure online checkout'],
  },
  { topic: 'payment', payment: CARD_ONLY, say: 'do you take EFT?', must: ['Bank transfer (EFT) is not offered'] },
  { topic: 'payment', payment: { card: false, bankTransfer: false }, say: 'how do I pay?', must: ['our team arranges payment'] },
  { topic: 'payment', say: 'What payment methods do you accept?', must: ['card', 'bank transfer'] },
  { topic: 'payment', say: 'Do I have to pay a deposit?', must: [/pay/i], mustNot: ['not sure I understood'] },

  // Delivery, installation and lead times: the same sentences the site shows.
  { topic: 'delivery and installation', say: 'How long does it take to make and deliver?', must: [PRODUCTION_POLICY, DELIVERY_POLICY] },
  { topic: 'delivery and installation', say: 'Do you deliver?', must: [DELIVERY_POLICY], features: ['business-info'] },
  { topic: 'delivery and installation', say: 'Do you install the blinds as well?', must: [INSTALLATION_POLICY] },
  { topic: 'delivery and installation', say: 'Can someone fit them for me in George?', must: ['Garden Route'] },
  { topic: 'delivery and installation', say: 'what is the lead time?', must: ['7-10 business days'] },
  { topic: 'delivery and installation', say: 'Do you courier to Johannesburg?', must: ['courier'] },
  { topic: 'delivery and installation', say: 'Do your prices include VAT?', must: ['15% VAT'] },
  { topic: 'delivery and installation', say: 'How long is a quote valid?', must: ['30 days'] },

  // Guarantee and returns: the shop publishes no terms, so nothing is invented.
  {
    topic: 'guarantee and returns',
    say: 'Is there a guarantee on your blinds?',
    must: ["guarantee terms aren't published", 'our team'],
    mustNot: [/\b\d+[- ]?(year|month)s?\b/i],
  },
  {
    topic: 'guarantee and returns',
    say: "what's the warranty on a roller blind?",
    must: ["aren't published"],
    mustNot: [/\b\d+[- ]?years?\b/i],
  },
  {
    topic: 'guarantee and returns',
    say: 'Can I return a blind if I change my mind?',
    must: ["returns and exchanges terms aren't published"],
  },
  { topic: 'guarantee and returns', say: 'what is your refund policy?', must: ["aren't published"], mustNot: ['refund within'] },

  // Damage and complaints go to a person, with the conversation attached once the customer agrees.
  {
    topic: 'damage and complaints',
    issueRow: 4,
    say: 'my blind arrived damaged, what now?',
    must: ["I'm sorry your blind arrived damaged", 'conversation attached', 'within 24 hours', 'photo'],
    mustNot: ['not sure I understood'],
    features: ['human-handoff'],
  },
  {
    topic: 'damage and complaints',
    before: ['my blind arrived damaged'],
    say: 'This is Thabo Mokoena, 082 555 0123',
    must: ['Do you agree?', '/privacy'],
    features: ['consent-request'],
    check: async (a) => (a.memory.leadId ? 'a lead was stored before consent' : null),
  },
  {
    topic: 'damage and complaints',
    before: ['the slats of my venetian are bent, it came like that', 'This is Thabo Mokoena, 082 555 0123'],
    say: 'yes',
    must: ['marked for a person to follow up', 'within 24 hours'],
    features: ['lead-capture'],
    check: personLead('damage'),
  },
  {
    topic: 'damage and complaints',
    say: "I want to complain, the fitter was rude and my blinds still aren't up",
    must: ["I'm sorry", 'handing it to our team', WHATSAPP_LINK],
  },
  {
    topic: 'damage and complaints',
    before: ["I'm very unhappy, you sent the wrong colour", 'Ayesha Patel, ayesha@example.com'],
    say: 'I agree',
    must: ['marked for a person to follow up'],
    check: personLead('complaint'),
  },
  { topic: 'damage and complaints', say: 'the chain broke after a week', must: ["I'm sorry", 'our team'] },
  { topic: 'damage and complaints', say: 'my order never arrived and nobody answers', must: ["I'm sorry"] },

  // A person: on request, and after one clarifying question Melvin could not answer.
  { topic: 'a person', say: 'Can I speak to a person?', must: [WHATSAPP_LINK, EVAL_CONTACT.phoneNational, EVAL_CONTACT.phoneGardenRoute] },
  { topic: 'a person', say: 'asdfgh', must: ['Could you tell me a bit more', WHATSAPP_LINK], mustNot: ['conversation attached'] },
  {
    topic: 'a person',
    before: ['do you sell curtain rails for a caravan'],
    say: 'the ones with little hooks on a rail, for a caravan',
    must: ['handing it to a person', 'within 24 hours'],
  },

  // Measuring.
  {
    topic: 'measuring',
    say: 'How do I measure my window?',
    must: ['Inside recess', 'face-fix', 'width', 'drop', '/measuring-guide'],
    features: ['measuring-guide'],
  },
  { topic: 'measuring', say: 'Should I fit inside the recess or outside?', must: ['Inside recess', 'Outside (face-fix)'] },
  {
    topic: 'measuring',
    say: 'How do I measure for a face fix blind?',
    must: ['add 50 mm on each side and 50 mm above and below'],
    mustNot: ['Inside recess'],
  },
  { topic: 'measuring', say: 'how do i measure inside the recess', must: ['smallest', 'factory takes off'], mustNot: ['face-fix'] },
  { topic: 'measuring', say: 'do I measure in cm or mm?', must: ['millimetres'] },

  // Site visits and the service area.
  { topic: 'site visits and area', say: 'Do you do site visits in Knysna?', must: ['Mossel Bay to Plettenberg Bay', 'site visits'] },
  { topic: 'site visits and area', say: 'I live in Johannesburg, can I still buy from you?', must: ['online'] },
  { topic: 'site visits and area', say: 'Can someone come and measure in Mossel Bay?', must: ['site visits'] },
  { topic: 'site visits and area', say: 'Where are you based?', must: ['Garden Route'] },

  // Order status.
  { topic: 'order status', say: 'Where is my order CB-123456?', must: ["couldn't find an order with reference CB-123456", WHATSAPP_LINK] },
  {
    topic: 'order status',
    say: 'Can you track my order?',
    must: ["send its reference, which starts with 'CB-'"],
    features: ['order-tracking'],
  },
  { topic: 'order status', say: "what's the status of my order?", must: ["'CB-'"] },
];
