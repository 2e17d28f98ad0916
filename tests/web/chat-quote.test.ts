// The consultant's quote link opened in the calculator: built by the worker, read by the web page.
import { describe, expect, it } from 'vitest';
import { chatQuotePath, parseChatQuote } from '@shared/chat-quote-link';
import { chatPrefillForm, chatQuoteLines } from '../../web/src/features/quote/chat-quote';
import { messageParts } from '../../web/src/features/chat/message-links';

describe('the chat quote link', () => {
  const lines = [
    { product: 'roller-blockout', widthMm: 900, dropMm: 1200, quantity: 2 },
    { product: 'roller-blockout', widthMm: 1800, dropMm: 2100, quantity: 1 },
  ];

  it('round-trips the lines the consultant puts in it', () => {
    const path = chatQuotePath(lines);
    expect(path).toBe('/quote-calculator?blinds=roller-blockout:900x1200:2,roller-blockout:1800x2100:1');
    expect(parseChatQuote(new URL(path, 'https://x.test').searchParams.get('blinds'))).toEqual(lines);
  });

  it.each([
    null,
    '',
    'roller-blockout:900x1200',
    'roller-blockout:0x1200:1',
    'roller-blockout:900x1200:0',
    'roller-blockout:900x1200:101',
    'ROLLER:900x1200:1',
    '<script>:1x1:1',
    `${'roller-blockout:900x1200:1,'.repeat(21)}roller-blockout:900x1200:1`,
  ])('refuses a malformed link (%s)', (param) => {
    expect(parseChatQuote(param)).toBeNull();
  });

  it('keeps only products the calculator offers and prices now, and fills in the form without a colour', () => {
    const products = [
      { value: 'roller-sheer', label: 'Roller Blind - Sheer', priced: true },
      { value: 'linen-roller', label: 'Linen Roller', priced: false },
    ];
    expect(chatQuoteLines('no-such-blind:900x1200:1,roller-sheer:900x1200:3,linen-roller:900x1200:1', products)).toEqual([
      { product: 'roller-sheer', widthMm: 900, dropMm: 1200, quantity: 3 },
    ]);
    const form = chatPrefillForm(lines[0]!);
    expect(form).toMatchObject({ productType: 'roller-blockout', widthText: '900', dropText: '1200', quantityText: '2', colour: null });
  });

  it('is a link in the chat answer, query included, without the sentence end', () => {
    const parts = messageParts(`Open it here: ${chatQuotePath(lines)}.`);
    expect(parts).toEqual([{ text: 'Open it here: ' }, { href: chatQuotePath(lines), external: false }, { text: '.' }]);
    expect(messageParts('See /measuring-guide?')).toEqual([{ text: 'See ' }, { href: '/measuring-guide', external: false }, { text: '?' }]);
  });
});
