// Colours (yes or no first), product options, recommendations and product knowledge.
import type { EvalCase } from './types';

export const PRODUCT_CASES: EvalCase[] = [
  // Colour availability: 'Yes' or 'No' first, from the colours in D1.
  {
    topic: 'colour availability',
    issueRow: 3,
    say: 'is charcoal available in blockout roller?',
    must: [/^Yes, the Roller Blind - Blockout comes in charcoal/, 'Bedford Charcoal'],
    mustNot: ['Highlights'],
    features: ['colours'],
  },
  {
    topic: 'colour availability',
    say: 'Does the 50mm aluminium venetian come in navy?',
    must: [/^Yes/, 'Navy'],
  },
  {
    topic: 'colour availability',
    say: 'do you have the roller blockout in pink?',
    must: [/^No, the Roller Blind - Blockout doesn't come in pink/],
    mustNot: [/^Yes/],
  },
  {
    topic: 'colour availability',
    say: 'Can I get a sheer roller in black?',
    must: [/^(Yes|No)/],
  },
  {
    topic: 'colour availability',
    say: 'is the wooden venetian available in charcoal?',
    must: [/^(Yes|No)/, /charcoal/i],
  },
  {
    topic: 'colour availability',
    say: 'Does the zebra blind come in white?',
    must: [/^Yes/, 'white'],
  },
  {
    topic: 'colour availability',
    before: ['How much is a roller blockout 1200 x 1500?'],
    say: 'is it available in charcoal?',
    must: [/^Yes/, 'Bedford Charcoal'],
  },
  {
    // Seen when tried as a customer: the windows priced a turn earlier were quoted again before the yes.
    topic: 'colour availability',
    before: ['how much for 3 windows each 1.2m wide and 1.5m high in a light grey?'],
    say: 'is charcoal available in blockout roller?',
    must: [/^Yes, the Roller Blind - Blockout comes in charcoal/, 'Bedford Charcoal'],
    mustNot: ['Here is your quote'],
  },
  {
    topic: 'colour availability',
    say: 'Do you have honeycomb blockout in purple?',
    must: [/^No/, /honeycomb/i],
    mustNot: [/^Yes/],
  },
  {
    topic: 'colour availability',
    say: 'is the aluminium venetian available in light grey?',
    must: [/^Yes/],
  },

  {
    topic: 'colour availability',
    say: 'Do you have blockout in navy?',
    must: [/^No, the Roller Blind - Blockout doesn't come in navy/, 'Navy is available in'],
  },
  { topic: 'colour availability', say: 'is the zebra blind available in grey?', must: [/^Yes/, 'Grey'] },

  {
    topic: 'colour availability',
    say: 'goeie naand, het julle luike in wit?',
    must: [/Yes, the Plantation Shutter - Basswood comes in white/],
  },
  { topic: 'colour availability', say: 'can I get a sample of the fabric?', must: ['physical sample', 'Our team arranges samples'] },

  // Colour ranges.
  {
    topic: 'colours',
    say: 'What colours does the roller blockout come in?',
    must: [(h) => h.colourNames('roller-blockout')],
    features: ['colours'],
  },
  {
    topic: 'colours',
    say: 'Which colours are available for outdoor blinds?',
    must: [(h) => h.colourNames('outdoor-blinds')],
    features: ['colours'],
  },
  { topic: 'colours', say: 'show me the 25mm aluwood colours', must: [(h) => h.colourNames('venetian-25mm-aluwood')] },
  { topic: 'colours', say: 'what colours do you have?', must: ['Which blind would you like the colours for'] },

  // Product options: motorisation and the chain side, from the catalogue's own features.
  {
    topic: 'product options',
    issueRow: 4,
    say: 'do you do motorised blinds?',
    must: [/motor/i, 'chain'],
    mustNot: ['not sure I understood'],
    features: ['product-knowledge'],
  },
  { topic: 'product options', say: 'Can I get an electric blind with a remote?', must: [/motor/i], mustNot: ['not sure I understood'] },
  {
    topic: 'product options',
    say: 'Can I choose which side the chain is on for a roller blind?',
    must: ['Control side', 'Left', 'Right', '/quote-calculator'],
  },
  { topic: 'product options', say: 'is the chain on the left or right?', must: ['Control side'] },
  { topic: 'product options', say: 'can the awning have a motor?', must: [/motor/i, /awning/i] },

  // Recommendations by room and need.
  {
    topic: 'recommendations',
    say: 'What do you recommend for a dark bedroom?',
    must: [(h) => h.nameOf('roller-blockout'), (h) => h.nameOf('honeycomb-blockout')],
    features: ['recommendation'],
  },
  {
    topic: 'recommendations',
    say: 'Which blinds are best for a bathroom with lots of steam?',
    must: [(h) => h.nameOf('venetian-25mm-aluminium'), (h) => h.nameOf('venetian-50mm-plaswood'), 'warp'],
  },
  {
    topic: 'recommendations',
    say: 'Something for my kitchen window?',
    must: [(h) => h.nameOf('venetian-50mm-aluminium'), (h) => h.nameOf('roller-sheer')],
  },
  {
    topic: 'recommendations',
    say: 'Our north-facing lounge gets terrible heat and glare in the afternoon',
    must: [(h) => h.nameOf('roller-sheer'), (h) => h.nameOf('honeycomb-duotone')],
  },
  {
    topic: 'recommendations',
    say: 'The neighbours can see into our lounge, I need privacy',
    must: [(h) => h.nameOf('doubleroller-zebra'), 'night'],
  },
  {
    topic: 'recommendations',
    say: 'What can I put on my patio to stop the wind and sun?',
    must: [(h) => h.nameOf('outdoor-blinds'), (h) => h.nameOf('awning-folding-arm')],
  },
  { topic: 'recommendations', say: "I'm on a tight budget, what's the cheapest option?", must: ['most affordable'], features: ['pricing'] },
  { topic: 'recommendations', say: 'cheapest for a 2 m sliding door', must: ['most affordable', /sliding/i] },

  // Product knowledge.
  {
    topic: 'product knowledge',
    say: 'Tell me about plaswood venetians',
    must: ['PVC wood composite', 'Prices start at'],
    features: ['product-knowledge'],
  },
  { topic: 'product knowledge', say: 'What is a cellular blind?', must: [(h) => h.nameOf('honeycomb-blockout'), 'insulate'] },
  { topic: 'product knowledge', say: 'tell me about zebra blinds', must: [(h) => h.nameOf('doubleroller-zebra')] },
  { topic: 'product knowledge', say: 'What are plantation shutters?', must: [(h) => h.nameOf('shutter-basswood')] },
];
