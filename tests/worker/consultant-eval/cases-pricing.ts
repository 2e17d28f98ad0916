// Prices: one blind in every size format, several windows in one message, and the size limits.
import { EVAL_CONTACT, priced, WHATSAPP_LINK, type EvalCase } from './types';

const CALCULATOR_LINK = /\/quote-calculator\?blinds=/;

export const PRICING_CASES: EvalCase[] = [
  // One blind, sizes in every format, all 13 calculator products.
  {
    topic: 'pricing',
    say: 'How much for a roller blockout 1200 x 1500?',
    must: priced('roller-blockout', 1200, 1500),
    features: ['pricing'],
  },
  { topic: 'pricing', say: 'Price for a sheer roller blind 1.2 m by 1.5 m please', must: priced('roller-sheer', 1200, 1500) },
  { topic: 'pricing', say: '25mm aluminium venetian, 120 cm x 150 cm', must: priced('venetian-25mm-aluminium', 1200, 1500) },
  { topic: 'pricing', say: 'I need a 50mm venetian 1200 wide and 1500 drop', must: priced('venetian-50mm-aluminium', 1200, 1500) },
  { topic: 'pricing', say: 'aluwood 25mm 900x1200mm', must: priced('venetian-25mm-aluwood', 900, 1200) },
  { topic: 'pricing', say: '50mm aluwood venetian 1,2m x 1,5m', must: priced('venetian-50mm-aluwood', 1200, 1500) },
  { topic: 'pricing', say: 'Plaswood blind for 1500 x 1800', must: priced('venetian-50mm-plaswood', 1500, 1800) },
  { topic: 'pricing', say: 'How much is a wooden venetian 2400 × 2100?', must: priced('venetian-50mm-wood', 2400, 2100) },
  { topic: 'pricing', say: 'price for a wooden venetian 900 wide by 1200 drop', must: priced('venetian-50mm-wood', 900, 1200) },
  { topic: 'pricing', say: 'vertical blinds for my sliding door, 2400 wide by 2100 high', must: priced('vertical-blockout', 2400, 2100) },
  { topic: 'pricing', say: 'honeycomb blockout 1000 x 1000 mm', must: priced('honeycomb-blockout', 1000, 1000) },
  { topic: 'pricing', say: 'What does a duotone honeycomb cost for 1800 x 1200?', must: priced('honeycomb-duotone', 1800, 1200) },
  { topic: 'pricing', say: 'zebra blind 1500x1500', must: priced('doubleroller-zebra', 1500, 1500) },
  { topic: 'pricing', say: 'Quote for a day and night blind, 1.8m x 2m', must: priced('doubleroller-zebra', 1800, 2000) },
  { topic: 'pricing', say: 'outdoor blinds for the patio 3000 x 2400', must: priced('outdoor-blinds', 3000, 2400) },
  {
    topic: 'pricing',
    say: 'plantation shutters 1200 x 1400',
    must: [(h) => h.nameOf('shutter-basswood'), (h) => h.priceOf('shutter-basswood', 1200, 1400)],
  },
  {
    topic: 'pricing',
    say: 'folding arm awning 3 m x 2,5 m',
    must: [(h) => h.nameOf('awning-folding-arm'), (h) => h.priceOf('awning-folding-arm', 3000, 2500), 'projection'],
  },
  // Every shutter and awning the calculator sells, priced with the options the width takes by default.
  {
    topic: 'pricing',
    say: 'PVC plantation shutters for the bathroom window, 900 x 1200',
    must: [(h) => h.nameOf('shutter-pvc'), (h) => h.priceOf('shutter-pvc', 900, 1200), 'Panels: 2 panels'],
  },
  {
    topic: 'pricing',
    say: 'aluminium security shutter 1200 x 1500',
    must: [(h) => h.nameOf('shutter-aluminium-security'), (h) => h.priceOf('shutter-aluminium-security', 1200, 1500)],
  },
  {
    topic: 'pricing',
    say: 'outdoor aluminium shutters for the patio 2400 x 2400',
    must: [(h) => h.nameOf('outdoor-shutter-aluminium'), (h) => h.priceOf('outdoor-shutter-aluminium', 2400, 2400), 'Panels: 3 panels'],
  },
  {
    topic: 'pricing',
    say: 'outdoor PVC shutter 1800 x 2100',
    must: [(h) => h.nameOf('outdoor-shutter-pvc'), (h) => h.priceOf('outdoor-shutter-pvc', 1800, 2100)],
  },
  {
    topic: 'pricing',
    say: 'drop arm awning 2400 x 1500',
    must: [(h) => h.nameOf('awning-drop-arm'), (h) => h.priceOf('awning-drop-arm', 2400, 1500), 'Operation: Manual (crank handle)'],
  },
  {
    topic: 'pricing',
    say: 'fixed canvas awning 3000 x 1500',
    must: [(h) => h.nameOf('awning-fixed-canvas'), (h) => h.priceOf('awning-fixed-canvas', 3000, 1500)],
  },
  {
    topic: 'product options',
    say: 'basswood shutter 1200 x 1500 with 3 panels and a Z-frame, how much?',
    must: ['Frame: Z-frame', 'Panels: 3 panels', 'quote calculator'],
  },
  {
    topic: 'pricing',
    say: 'Roller blind - Blockout, width 1150 drop 1420',
    must: [(h) => h.nameOf('roller-blockout'), (h) => h.priceOf('roller-blockout', 1150, 1420), 'next size up'],
  },
  { topic: 'pricing', say: 'How much for a blind 1200 x 1500?', must: ['1200 x 1500 mm', 'Which blind'], features: ['pricing'] },
  {
    topic: 'pricing',
    say: 'How much is a roller blockout?',
    must: ['Prices start at', (h) => h.priceOf('roller-blockout', 600, 600), 'width and drop'],
  },
  { topic: 'pricing', say: 'roller blockout 120cm wide and 150cm drop', must: priced('roller-blockout', 1200, 1500) },
  { topic: 'pricing', say: 'Please price a duotone honeycomb 1800 x 1200', must: priced('honeycomb-duotone', 1800, 1200) },
  { topic: 'pricing', say: 'price my zebra blind 1500x1500 please', must: priced('doubleroller-zebra', 1500, 1500) },
  { topic: 'pricing', say: 'can you price an outdoor blind 3000 x 2400 for the stoep', must: priced('outdoor-blinds', 3000, 2400) },
  { topic: 'pricing', say: 'price a roller sheer 900 x 1200', must: priced('roller-sheer', 900, 1200) },

  // Several windows in one message: each line priced, a total, and the calculator link.
  {
    topic: 'several windows',
    issueRow: 2,
    say: 'how much for 3 windows each 1.2m wide and 1.5m high in a light grey?',
    must: ['3 windows', '3 x 1200 x 1500 mm', 'Which blind', 'light grey'],
    mustNot: ['Sorry', /^A .* is R/],
  },
  {
    topic: 'several windows',
    say: 'roller blockout for 3 windows each 1.2m wide and 1.5m high in a light grey',
    must: [
      '3 x 1200 x 1500 mm',
      (h) => h.priceOf('roller-blockout', 1200, 1500),
      (h) => h.totalOf('roller-blockout', [[1200, 1500, 3]]),
      'Total',
      'light grey',
      CALCULATOR_LINK,
      'roller-blockout:1200x1500:3',
    ],
    features: ['pricing', 'multi-window-quote'],
  },
  {
    topic: 'several windows',
    say: 'Roller blockout please: two at 900x1200 and one 1800 by 2100',
    must: [
      '2 x 900 x 1200 mm',
      '1 x 1800 x 2100 mm',
      (h) =>
        h.totalOf('roller-blockout', [
          [900, 1200, 2],
          [1800, 2100, 1],
        ]),
      'roller-blockout:900x1200:2,roller-blockout:1800x2100:1',
    ],
  },
  {
    topic: 'several windows',
    say: 'I need aluminium venetians for 4 windows of 1200 x 1000mm',
    must: ['4 x 1200 x 1000 mm', (h) => h.totalOf('venetian-50mm-aluminium', [[1200, 1000, 4]]), 'venetian-aluminium-50mm:1200x1000:4'],
  },
  {
    topic: 'several windows',
    say: 'sheer rollers: 120cm x 150cm and 90 cm x 120 cm',
    must: [
      '1 x 1200 x 1500 mm',
      '1 x 900 x 1200 mm',
      (h) =>
        h.totalOf('roller-sheer', [
          [1200, 1500, 1],
          [900, 1200, 1],
        ]),
    ],
  },
  {
    topic: 'several windows',
    before: ['I have two windows, 1500 x 1200 and 600 x 900'],
    say: 'make them zebra blinds',
    must: [
      (h) => h.nameOf('doubleroller-zebra'),
      (h) =>
        h.totalOf('doubleroller-zebra', [
          [1500, 1200, 1],
          [600, 900, 1],
        ]),
      CALCULATOR_LINK,
    ],
  },
  {
    topic: 'several windows',
    say: 'Price 2 x honeycomb blockout 1000 x 1200 and three at 800 x 1200',
    must: [
      (h) =>
        h.totalOf('honeycomb-blockout', [
          [1000, 1200, 2],
          [800, 1200, 3],
        ]),
      '3 x 800 x 1200 mm',
    ],
  },
  {
    topic: 'several windows',
    say: 'wooden venetians, 2 blinds at 1500mm x 1500mm',
    must: ['2 x 1500 x 1500 mm', (h) => h.totalOf('venetian-50mm-wood', [[1500, 1500, 2]])],
  },
  {
    topic: 'several windows',
    say: 'roller blockout 1200 x 1500 and 3500 x 2000',
    must: ['made to order', (h) => h.priceOf('roller-blockout', 1200, 1500)],
  },
  {
    topic: 'several windows',
    say: 'Quote me verticals for three sliding doors each 2.4m by 2.1m',
    must: ['3 x 2400 x 2100 mm', (h) => h.totalOf('vertical-blockout', [[2400, 2100, 3]])],
  },

  {
    topic: 'several windows',
    say: 'need roller blockouts for 2 bedroom windows 1.5m x 1.2m and the bathroom 600x900',
    must: [
      '2 x 1500 x 1200 mm',
      '1 x 600 x 900 mm',
      (h) =>
        h.totalOf('roller-blockout', [
          [1500, 1200, 2],
          [600, 900, 1],
        ]),
    ],
  },
  {
    topic: 'several windows',
    say: "Hi! We're redoing the lounge, 4 windows 1500 by 1200, what would venetians cost?",
    must: ['4 x 1500 x 1200 mm', (h) => h.totalOf('venetian-50mm-aluminium', [[1500, 1200, 4]])],
  },

  {
    topic: 'several windows',
    say: 'what would 3 sheer rollers cost, each 1m by 1.2m?',
    must: ['3 x 1000 x 1200 mm', (h) => h.totalOf('roller-sheer', [[1000, 1200, 3]])],
  },
  {
    topic: 'several windows',
    before: ['honeycomb 1200x1200'],
    say: 'make it 3 of those',
    must: ['3 x 1200 x 1200 mm', (h) => h.totalOf('honeycomb-blockout', [[1200, 1200, 3]]), 'honeycomb-blockout:1200x1200:3'],
  },

  // Size limits (spec section 9).
  {
    topic: 'limits',
    say: 'roller blockout 3500 x 1500',
    must: ['custom', '3000 mm', WHATSAPP_LINK],
    features: ['pricing', 'human-handoff'],
  },
  { topic: 'limits', say: 'venetian 200 x 200 mm', must: ['too small', 'smallest'], features: ['pricing'] },
  {
    topic: 'limits',
    say: 'aluminium venetian 2600 wide and 1500 drop',
    must: ['largest Venetian Blind - 50mm Aluminium we make is 2500 mm wide', EVAL_CONTACT.phoneNational],
    features: ['pricing', 'human-handoff'],
  },
  {
    topic: 'limits',
    say: 'Can you do a roller blind 3500 mm wide?',
    must: ['width of 3500 mm', 'made to order'],
    features: ['human-handoff'],
  },
  { topic: 'limits', say: 'I need a venetian with a drop of 3.2 m', must: ['drop of 3200 mm', 'made to order'] },
];
