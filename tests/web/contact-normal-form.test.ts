// The one normal form of a data request's identifier (DESIGN.md section 7, data requests).
import { describe, expect, it } from 'vitest';
import { addressOf, normalEmail, normalPhone } from '@shared/contact-normal-form';

describe('normalPhone', () => {
  it.each([
    '+27 (82) 555-0101',
    '082 555 0101',
    '27825550101',
    '+27825550101',
    '0825550101',
    '+27 (0)82 555 0101',
    '0027 82 555 0101',
    '082.555.0101',
    '825550101',
  ])("'%s' is +27825550101", (raw) => expect(normalPhone(raw)).toBe('+27825550101'));
  it('keeps a foreign number international and different South African numbers apart', () => {
    expect(normalPhone('+44 20 7946 0958')).toBe('+442079460958');
    expect(normalPhone('082 555 0102')).toBe('+27825550102');
    expect(normalPhone('044 000 0000')).toBe('+27440000000');
  });
  it('is null for what is not a phone number', () => {
    for (const raw of [null, undefined, '', 'anonymous', '12345', '0800']) expect(normalPhone(raw)).toBeNull();
  });
});

describe('normalEmail and addressOf', () => {
  it('trims and lower-cases; null without an @', () => {
    expect(normalEmail('  Anna.Botha@Example.CO.ZA ')).toBe('anna.botha@example.co.za');
    expect(normalEmail('anna')).toBeNull();
    expect(normalEmail(null)).toBeNull();
  });
  it("reads the address out of EMAIL_FROM's 'Name <address>' form", () => {
    expect(addressOf('Custom Blinds <Quotes@Example.co.za>')).toBe('quotes@example.co.za');
    expect(addressOf('info@example.co.za')).toBe('info@example.co.za');
    expect(addressOf(undefined)).toBeNull();
  });
});
