// Ozow's HashCheck against the worked example of Ozow's own documentation (developer hub, 'Step 1:
// Post from merchant website', 'Generate post hash check', 'Hash check example'): the string below is
// written out by hand from that example's fields, in the order of its post variables table, and its
// SHA-512 is the digest the page prints. Nothing here comes from the adapter's code.
import { describe, expect, it } from 'vitest';
import { OZOW_REQUEST_HASH_ORDER, OZOW_RESPONSE_HASH_ORDER, ozowHash, ozowRequestFields } from '../../worker/services/payments/ozow';

/** The example's fields (Ozow's demo site TSTSTE0001 and its demo private key). */
const DOC_FIELDS = {
  SiteCode: 'TSTSTE0001',
  CountryCode: 'ZA',
  CurrencyCode: 'ZAR',
  Amount: '25.00',
  TransactionReference: '123',
  BankReference: 'ABC123',
  CancelUrl: 'http://demo.ozow.com/cancel.aspx',
  ErrorUrl: 'http://demo.ozow.com/error.aspx',
  SuccessUrl: 'http://demo.ozow.com/success.aspx',
  NotifyUrl: 'http://demo.ozow.com/notify.aspx',
  IsTest: 'false',
};
const DOC_PRIVATE_KEY = '215114531AFF7134A94C88CEEA48E';
/** Step 2 of the example: the concatenation with the private key appended, before lower-casing. */
const DOC_CONCATENATED =
  'TSTSTE0001ZAZAR25.00123ABC123http://demo.ozow.com/cancel.aspxhttp://demo.ozow.com/error.aspxhttp://demo.ozow.com/success.aspxhttp://demo.ozow.com/notify.aspxfalse215114531AFF7134A94C88CEEA48E';
/** Step 4 of the example: the HashCheck the documentation prints. */
const DOC_HASH_CHECK =
  'eedcba106cd8fef3ba6cec5ec80de7d7d7fc90343028bf95b908718c671d0fe885ca08b206d788de009d237a93c18e66edf6ede3f5ca7057e23474106465dcc6';

async function sha512(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-512', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe("Ozow's HashCheck", () => {
  it("the documentation's example hashes to the digest it prints, by hand and by the adapter", async () => {
    expect(await sha512(DOC_CONCATENATED.toLowerCase())).toBe(DOC_HASH_CHECK);
    expect(await ozowHash(OZOW_REQUEST_HASH_ORDER, DOC_FIELDS, DOC_PRIVATE_KEY)).toBe(DOC_HASH_CHECK);
  });

  it('the order of the post variables table decides the hash: a swapped pair, a changed value or another key do not match', async () => {
    const swapped = { ...DOC_FIELDS, CancelUrl: DOC_FIELDS.ErrorUrl, ErrorUrl: DOC_FIELDS.CancelUrl };
    expect(await ozowHash(OZOW_REQUEST_HASH_ORDER, swapped, DOC_PRIVATE_KEY)).not.toBe(DOC_HASH_CHECK);
    expect(await ozowHash(OZOW_REQUEST_HASH_ORDER, { ...DOC_FIELDS, Amount: '25.01' }, DOC_PRIVATE_KEY)).not.toBe(DOC_HASH_CHECK);
    expect(await ozowHash(OZOW_REQUEST_HASH_ORDER, DOC_FIELDS, 'another-private-key')).not.toBe(DOC_HASH_CHECK);
  });

  it('optional fields and Customer, when sent, sit between BankReference and CancelUrl as the table numbers them', async () => {
    const fields = { ...DOC_FIELDS, Optional1: 'ORDER-7', Customer: 'Thandi' };
    const byHand =
      'TSTSTE0001ZAZAR25.00123ABC123ORDER-7Thandihttp://demo.ozow.com/cancel.aspxhttp://demo.ozow.com/error.aspxhttp://demo.ozow.com/success.aspxhttp://demo.ozow.com/notify.aspxfalse215114531AFF7134A94C88CEEA48E';
    expect(await ozowHash(OZOW_REQUEST_HASH_ORDER, fields, DOC_PRIVATE_KEY)).toBe(await sha512(byHand.toLowerCase()));
  });

  it("our payment request: rand with two decimals, the checkout as TransactionReference, the order as BankReference, this site's URLs", async () => {
    const fields = ozowRequestFields(
      { siteCode: 'CBS-KNY-001', privateKey: 'Key0123', apiKey: 'api', isTest: true, apiBase: 'https://api.ozow.com' },
      { reference: 'CB-ABCDEF2345', totalCents: 162_405, customerName: 'Thandi Nkosi', customerEmail: 't@example.co.za' },
      {
        origin: 'https://blinds.example.co.za',
        success: 'https://blinds.example.co.za/payment-success?reference=CB-ABCDEF2345',
        cancel: 'https://blinds.example.co.za/payment-cancelled?reference=CB-ABCDEF2345',
        failure: 'https://blinds.example.co.za/payment-failed?reference=CB-ABCDEF2345',
      },
      'oz_chk_abcdefghijklmnopqrstuvwx',
    );
    const byHand =
      'CBS-KNY-001ZAZAR1624.05oz_chk_abcdefghijklmnopqrstuvwxCB-ABCDEF2345' +
      'https://blinds.example.co.za/payment-cancelled?reference=CB-ABCDEF2345' +
      'https://blinds.example.co.za/payment-failed?reference=CB-ABCDEF2345' +
      'https://blinds.example.co.za/payment-success?reference=CB-ABCDEF2345' +
      'https://blinds.example.co.za/api/payment/ozow/notify' +
      'true' +
      'Key0123';
    expect(await ozowHash(OZOW_REQUEST_HASH_ORDER, fields, 'Key0123')).toBe(await sha512(byHand.toLowerCase()));
  });

  it('the notification is hashed over its response variables in their documented order, Hash left out', async () => {
    const posted = {
      SiteCode: 'CBS-KNY-001',
      TransactionId: '0b5f2a3e-1c0d-4a4e-9d7e-2f9c8b7a6d5e',
      TransactionReference: 'oz_chk_abcdefghijklmnopqrstuvwx',
      Amount: '1624.05',
      Status: 'Complete',
      CurrencyCode: 'ZAR',
      IsTest: 'false',
      StatusMessage: 'Payment complete',
    };
    const byHand =
      'CBS-KNY-0010b5f2a3e-1c0d-4a4e-9d7e-2f9c8b7a6d5eoz_chk_abcdefghijklmnopqrstuvwx1624.05CompleteZARfalsePayment completeKey0123';
    expect(await ozowHash(OZOW_RESPONSE_HASH_ORDER, posted, 'Key0123')).toBe(await sha512(byHand.toLowerCase()));
  });
});
