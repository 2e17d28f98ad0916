import { describe, expect, it } from 'vitest';
import { APP_CACHE_VERSION, enforceCacheVersion } from '../../web/src/lib/cache-version';
import { createSessionId } from '../../web/src/lib/session-id';
import { checkQuickDetails, isBypassName } from '../../web/src/features/landing/quick-details-dialog';
import { TOOLTIP_DELAY_MS, tooltipDelay } from '../../web/src/components/tooltip';
import { telLink, whatsappLink } from '../../web/src/lib/public-config';

class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
}

describe('quick-details dialog rules (spec section 5)', () => {
  it('asks for every field', () => {
    expect(checkQuickDetails({ name: 'A', whatsapp: '', email: 'a@b.co' }, true)).toEqual({
      title: 'Missing Details',
      description: 'Please fill in all fields to continue.',
    });
    expect(checkQuickDetails({ name: '  ', whatsapp: '082', email: 'a@b.co' }, true)?.title).toBe('Missing Details');
  });
  it("needs an '@' in the e-mail", () => {
    expect(checkQuickDetails({ name: 'A', whatsapp: '082', email: 'ab.co' }, true)).toEqual({
      title: 'Invalid Email',
      description: 'Please enter a valid email address.',
    });
  });
  it('accepts complete details with the POPIA consent ticked, and asks for the tick without it', () => {
    expect(checkQuickDetails({ name: 'A', whatsapp: '082', email: 'a@b.co' }, true)).toBeNull();
    expect(checkQuickDetails({ name: 'A', whatsapp: '082', email: 'a@b.co' }, false)).toEqual({
      title: 'Consent Needed',
      description: 'Please tick the box to agree to be contacted about your enquiry.',
    });
  });
  it("treats 'blinds' in any case as the demo bypass", () => {
    expect(isBypassName('Blinds')).toBe(true);
    expect(isBypassName(' BLINDS ')).toBe(true);
    expect(isBypassName('blind')).toBe(false);
  });
});

describe('cache version wipe', () => {
  it('clears local and session storage once when the version changes', () => {
    const local = new MemoryStorage();
    const session = new MemoryStorage();
    local.setItem('quote-blinds', '[]');
    session.setItem('quote', '{}');
    expect(enforceCacheVersion(local, session)).toBe(true);
    expect(local.getItem('quote-blinds')).toBeNull();
    expect(session.length).toBe(0);
    expect(local.getItem('app-cache-version')).toBe(APP_CACHE_VERSION);
    local.setItem('quote-blinds', '[1]');
    expect(enforceCacheVersion(local, session)).toBe(false);
    expect(local.getItem('quote-blinds')).toBe('[1]');
  });

  it('never clears stored site-visit work: the store and the old format it is brought in from', () => {
    const local = new MemoryStorage();
    local.setItem('app-cache-version', 'an older version');
    local.setItem('site-visit-store', '{"version":1}');
    local.setItem('site-visits', '[{"id":"visit_1"}]');
    local.setItem('workspace-notes', '[]');
    local.setItem('quote-blinds', '[]');
    expect(enforceCacheVersion(local, new MemoryStorage())).toBe(true);
    expect(local.getItem('site-visit-store')).toBe('{"version":1}');
    expect(local.getItem('site-visits')).toBe('[{"id":"visit_1"}]');
    expect(local.getItem('workspace-notes')).toBe('[]');
    expect(local.getItem('quote-blinds')).toBeNull();
  });
});

describe('small rules', () => {
  it("makes session ids as 'session_' + time + 9 random characters", () => {
    expect(createSessionId(1_750_000_000_000)).toMatch(/^session_1750000000000_[a-z0-9]{9}$/);
    expect(createSessionId()).not.toBe(createSessionId());
  });
  it('opens tooltips after 700 ms, at once within 300 ms of another closing', () => {
    expect(tooltipDelay(10_000, 0)).toBe(TOOLTIP_DELAY_MS);
    expect(TOOLTIP_DELAY_MS).toBe(700);
    expect(tooltipDelay(10_000, 9_800)).toBe(0);
    expect(tooltipDelay(10_000, 9_700)).toBe(700);
  });
  it('builds WhatsApp and phone links from configured numbers', () => {
    expect(whatsappLink('+27 82 000 0000', 'Hi there!')).toBe('https://wa.me/27820000000?text=Hi%20there!');
    expect(telLink('+27 44 000 0000')).toBe('tel:+27440000000');
  });
});
