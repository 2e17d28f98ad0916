// Conversations: greetings that carry a need, names and numbers in every common form, consent
// before anything is kept, context that carries a product only while it is still the subject,
// Afrikaans, and small talk.
import { AFRIKAANS_NOTE } from '../../../worker/services/consultant/language';
import type { EvalAnswer, EvalCase, EvalHelpers } from './types';

/** Nothing may be stored before the customer agrees. */
const noLeadYet = async (a: EvalAnswer) => (a.memory.leadId ? 'a lead was stored before consent' : null);

/** The lead after consent: the details as given, consent recorded with its time. */
const leadWith =
  (expected: Record<string, string | null>) =>
  async (a: EvalAnswer, h: EvalHelpers): Promise<string | null> => {
    const row = await h.lead(a.memory.leadId);
    if (!row) return 'no lead stored after consent';
    if (!row.popia_consent || !row.popia_consent_at) return 'the lead does not record the consent';
    for (const [k, v] of Object.entries(expected)) if (row[k] !== v) return `lead ${k} is ${String(row[k])}, expected ${String(v)}`;
    return null;
  };

export const CONVERSATION_CASES: EvalCase[] = [
  // Greetings that carry a need: the need is answered, not a generic greeting.
  {
    topic: 'greetings with a need',
    issueRow: 1,
    say: 'Hi, I need blinds for a bay window facing the lagoon',
    must: ['bay window', 'each pane', (h) => h.nameOf('roller-sheer')],
    mustNot: ["I'm Melvin"],
    features: ['recommendation'],
  },
  {
    topic: 'greetings with a need',
    say: 'Hello! Looking for something for the baby room, it needs to be dark',
    must: [(h) => h.nameOf('roller-blockout')],
    mustNot: ["I'm Melvin"],
  },
  { topic: 'greetings with a need', say: 'Good morning, we need blinds for a steamy bathroom', must: ['warp'], mustNot: ["I'm Melvin"] },
  {
    topic: 'greetings with a need',
    say: 'hey, how much is a zebra blind 1200 x 1200?',
    must: [(h) => h.priceOf('doubleroller-zebra', 1200, 1200)],
  },
  { topic: 'greetings with a need', say: 'Hi there', must: ['Melvin', 'price'] },
  { topic: 'greetings with a need', say: 'Hi, our patio gets the afternoon sun', must: [(h) => h.nameOf('outdoor-blinds')] },

  // Names and numbers in every common form; nothing stored yet, consent asked.
  {
    topic: 'names and numbers',
    issueRow: 6,
    say: 'This is Lerato Nkosi, my number is 082 555 0166',
    must: ['Thanks, Lerato', 'your name and phone number', '/privacy', 'Do you agree?'],
    mustNot: ['May I have your name'],
    features: ['consent-request'],
    check: noLeadYet,
  },
  { topic: 'names and numbers', say: 'My name is Sipho Dlamini', must: ['Nice to meet you, Sipho'], check: noLeadYet },
  {
    topic: 'names and numbers',
    say: "I'm Anna, anna@example.com",
    must: ['Thanks, Anna', 'e-mail address', 'Do you agree?'],
    check: noLeadYet,
  },
  { topic: 'names and numbers', say: 'Johan here, +27 83 123 4567', must: ['Thanks, Johan', 'Do you agree?'], check: noLeadYet },
  { topic: 'names and numbers', say: 'this is Megan 0721234567', must: ['Thanks, Megan'], check: noLeadYet },
  { topic: 'names and numbers', say: 'call me on 082 555 0101', must: ['May I have your name'], check: noLeadYet },
  { topic: 'names and numbers', say: "I'm Sean O'Neill, sean.oneill@example.co.za", must: ['Thanks, Sean'] },
  { topic: 'names and numbers', say: 'Name: Zanele Khumalo, cell 071-234-5678', must: ['Thanks, Zanele'] },
  { topic: 'names and numbers', say: 'my email is pieter@example.co.za', must: ['May I have your name'], check: noLeadYet },
  { topic: 'names and numbers', say: 'Kevin Naidoo 072 345 6789', must: ['Thanks, Kevin', 'Do you agree?'], check: noLeadYet },
  { topic: 'names and numbers', say: 'You can reach me at jane@example.com, Jane Smith', must: ['Thanks, Jane'], check: noLeadYet },
  { topic: 'names and numbers', say: "my name's Kevin and my cell is 0821234567", must: ['Thanks, Kevin', '/privacy'], check: noLeadYet },

  // Consent: stored only after yes (or the button), recorded on the lead; nothing after no.
  {
    topic: 'consent',
    before: ['This is Lerato Nkosi, my number is 082 555 0166'],
    say: 'yes',
    must: ["I've passed your name and phone number to our team", 'within 24 hours'],
    features: ['lead-capture'],
    check: leadWith({ name: 'Lerato Nkosi', phone: '082 555 0166', source: 'chat' }),
  },
  {
    topic: 'consent',
    before: ['roller blockout 1200 x 1500', 'My name is Thandi Mokoena, thandi@example.co.za'],
    say: 'Yes, I agree',
    must: ['Thank you, Thandi'],
    check: async (a, h) => {
      const wrong = await leadWith({ email: 'thandi@example.co.za' })(a, h);
      if (wrong) return wrong;
      const row = await h.lead(a.memory.leadId);
      const price = await h.priceOf('roller-blockout', 1200, 1500);
      return String(row!.notes).includes(`Roller Blind - Blockout 1200 x 1500 mm (${price})`) ? null : `notes: ${String(row!.notes)}`;
    },
  },
  {
    topic: 'consent',
    before: ['This is Lerato Nkosi, my number is 082 555 0166'],
    say: 'no thanks',
    must: ["I haven't kept your details"],
    check: noLeadYet,
  },
  {
    topic: 'consent',
    before: ["I'm Lerato", 'lerato@example.com'],
    say: 'ok',
    must: ['Thank you, Lerato'],
    check: leadWith({ name: 'Lerato', email: 'lerato@example.com' }),
  },
  {
    topic: 'consent',
    before: ['Johan here, 083 123 4567'],
    say: 'how much is a roller blockout 1000 x 1000?',
    must: [(h) => h.priceOf('roller-blockout', 1000, 1000)],
    check: noLeadYet,
  },
  {
    topic: 'consent',
    before: ['Johan here, 083 123 4567'],
    say: 'ok, how much is a zebra blind 1500 x 1500?',
    must: [(h) => h.priceOf('doubleroller-zebra', 1500, 1500)],
    check: noLeadYet,
  },
  {
    topic: 'consent',
    before: ['This is Lerato Nkosi, my number is 082 555 0166', 'yes'],
    say: 'my email is lerato@example.com too',
    must: ['already has your details'],
  },

  // Context: a product carries over while it is still the subject; a new product word wins.
  {
    topic: 'context',
    before: ['My window is 1200 x 1500'],
    say: 'what about in wood?',
    must: [(h) => h.nameOf('venetian-50mm-wood'), (h) => h.priceOf('venetian-50mm-wood', 1200, 1500)],
  },
  {
    topic: 'context',
    before: ['How much is a 50mm aluminium venetian at 1200x1500?'],
    say: 'what colours does it come in?',
    must: [(h) => h.colourNames('venetian-50mm-aluminium')],
  },
  {
    topic: 'context',
    before: ['honeycomb duotone 1200 x 1200'],
    say: 'and 900 x 1200?',
    must: [(h) => h.priceOf('honeycomb-duotone', 900, 1200)],
  },
  {
    topic: 'context',
    before: ['plantation shutters 1200 x 1400', 'do you deliver?', 'how long does production take?'],
    say: 'how much for 1000 x 1000?',
    must: ['Which blind'],
    mustNot: [/Plantation/],
  },
  {
    topic: 'context',
    before: ['plantation shutters 1200 x 1400'],
    say: 'and a sheer roller 1000 x 1000?',
    must: [(h) => h.nameOf('roller-sheer'), (h) => h.priceOf('roller-sheer', 1000, 1000)],
    mustNot: [/shutter/i],
  },
  {
    topic: 'context',
    before: ['I have a window of 1800 x 2100'],
    say: 'price it as a roller sheer please',
    must: [(h) => h.priceOf('roller-sheer', 1800, 2100)],
  },

  {
    topic: 'context',
    before: ['roller blockout', 'what about 1500 x 1800?'],
    say: 'and in white?',
    must: [/^(Yes|No), the Roller Blind - Blockout/],
  },

  // Afrikaans: products, sizes, prices and greetings understood; the answer is in English and says so.
  {
    topic: 'afrikaans',
    issueRow: 5,
    before: ['plantation shutters 1200 x 1400', 'what colours?'],
    say: "Hoeveel kos 'n rolgordyn van 1m by 1m?",
    must: [AFRIKAANS_NOTE, (h) => h.nameOf('roller-blockout'), (h) => h.priceOf('roller-blockout', 1000, 1000)],
    mustNot: [/shutter/i],
  },
  {
    topic: 'afrikaans',
    say: 'Goeie more! Ek soek blinders vir die slaapkamer, dit moet donker wees',
    must: [AFRIKAANS_NOTE, (h) => h.nameOf('roller-blockout')],
  },
  { topic: 'afrikaans', say: 'Hoeveel kos houtblindings 1200 x 1500?', must: [(h) => h.priceOf('venetian-50mm-wood', 1200, 1500)] },
  {
    topic: 'afrikaans',
    say: 'Wat kos luike vir ’n venster 1,2m breed en 1,4m hoog?',
    must: [(h) => h.priceOf('shutter-basswood', 1200, 1400)],
  },
  { topic: 'afrikaans', say: 'Watter kleure het julle vir die rolgordyn?', must: [(h) => h.colourNames('roller-blockout')] },
  { topic: 'afrikaans', say: 'Baie dankie!', must: ['pleasure'] },
  {
    topic: 'afrikaans',
    say: "Ek wil graag 'n kwotasie hê vir houtblindings, 3 vensters 90cm x 120cm",
    must: [
      '3 x 900 x 1200 mm',
      (h) => h.totalOf('venetian-50mm-wood', [[900, 1200, 3]]),
      '/quote-calculator?blinds=venetian-wood:900x1200:3',
    ],
  },
  { topic: 'afrikaans', say: 'Goeie middag', must: ['Melvin'] },
  { topic: 'afrikaans', say: 'Kan ek met EFT betaal?', must: ['bank transfer (EFT)'] },
  { topic: 'afrikaans', say: 'My blinders het stukkend aangekom', must: ["I'm sorry", 'conversation attached'] },
  { topic: 'afrikaans', say: 'Hoe lank neem die aflewering?', must: ['courier'] },
  { topic: 'afrikaans', say: 'Hoe meet ek my venster?', must: ['/measuring-guide'] },
  {
    topic: 'afrikaans',
    say: 'Ek het drie vensters van 1200 x 1500, hoeveel kos rolgordyne?',
    must: ['3 x 1200 x 1500 mm', (h) => h.totalOf('roller-blockout', [[1200, 1500, 3]])],
  },

  // Small talk.
  { topic: 'small talk', say: 'thanks so much!', must: ['pleasure'] },
  { topic: 'small talk', say: 'cheers', must: ['pleasure'] },
];
