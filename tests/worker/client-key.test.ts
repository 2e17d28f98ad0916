import { describe, expect, it } from 'vitest';
import { clientKeyFromAddress } from '../../worker/lib/client';

// Every rate limit and the PIN lockout count callers under this key (DESIGN.md section 7).
describe('clientKeyFromAddress', () => {
  it('keeps an IPv4 address as it is', () => {
    expect(clientKeyFromAddress('203.0.113.9')).toBe('203.0.113.9');
    expect(clientKeyFromAddress(' 203.0.113.9 ')).toBe('203.0.113.9');
  });

  it('cuts an IPv6 address to its /64, whatever way it is written', () => {
    const expected = '2001:db8:1:2::/64';
    for (const address of [
      '2001:0db8:0001:0002:0000:0000:0000:0001',
      '2001:db8:1:2::1',
      '2001:DB8:1:2:AbCd:ef01:2345:6789',
      '2001:db8:1:2:ffff::',
      '2001:db8:1:2::',
    ]) {
      expect(clientKeyFromAddress(address), address).toBe(expected);
    }
    expect(clientKeyFromAddress('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKeyFromAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientKeyFromAddress('::1')).toBe('0:0:0:0::/64');
    expect(clientKeyFromAddress('fe80::1:2:3:4')).toBe('fe80:0:0:0::/64');
    // A trailing dotted IPv4 (NAT64) still belongs to its /64.
    expect(clientKeyFromAddress('64:ff9b::192.0.2.33')).toBe('64:ff9b:0:0::/64');
  });

  it('treats an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(clientKeyFromAddress('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientKeyFromAddress('::FFFF:cb00:7109')).toBe('203.0.113.9');
    expect(clientKeyFromAddress('0:0:0:0:0:ffff:203.0.113.9')).toBe('203.0.113.9');
  });

  it("answers 'local' without an address", () => {
    expect(clientKeyFromAddress(undefined)).toBe('local');
    expect(clientKeyFromAddress(null)).toBe('local');
    expect(clientKeyFromAddress('   ')).toBe('local');
  });

  it('falls back to the trimmed text, capped in length, for something that is not an address', () => {
    for (const invalid of [
      'not-an-ip',
      '2001:db8::1::2',
      '2001:db8:1:2:3:4:5:6:7',
      '12345::1',
      '256.1.1.1',
      '1.2.3',
      ':::',
      '2001:db8:g::1',
    ]) {
      expect(clientKeyFromAddress(` ${invalid} `), invalid).toBe(invalid);
    }
    expect(clientKeyFromAddress('x'.repeat(500))).toBe('x'.repeat(64));
  });
});
