// Staff read each payment by the way it was paid (storefront checkout: card, instant EFT, bank transfer):
// the gateways' names become card or instant EFT, staff-recorded payments say so, an unknown name stays.
import { describe, expect, it } from 'vitest';
import { paymentProviderLabel } from '@shared/fulfilment';

describe('paymentProviderLabel', () => {
  it('names the way of paying and the provider', () => {
    expect(paymentProviderLabel('yoco')).toBe('Card (Yoco)');
    expect(paymentProviderLabel('payfast')).toBe('Card (PayFast)');
    expect(paymentProviderLabel('ozow')).toBe('Instant EFT (Ozow)');
    expect(paymentProviderLabel('manual')).toBe('Recorded by staff');
    expect(paymentProviderLabel('sandbox')).toBe('Sandbox (test payment)');
  });

  it('keeps a provider it does not know as it is', () => {
    expect(paymentProviderLabel('peach')).toBe('peach');
  });
});
