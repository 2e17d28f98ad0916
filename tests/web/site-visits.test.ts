import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  exportVisitsOn,
  localDate,
  missingFields,
  notesOn,
  parseSiteVisits,
  parseWorkspaceNotes,
  type SiteVisit,
  type SiteVisitDraft,
} from '../../web/src/features/staff/site-visits/site-visit-storage';

const draft = (over: Partial<SiteVisitDraft> = {}): SiteVisitDraft => ({
  clientName: 'Thandi Mokoena',
  address: '12 Main Road, George',
  mobile: '082 555 0101',
  measurements: 'Lounge 1800 x 1500',
  blindTypes: ['Roller', 'Venetian'],
  notes: 'Wants blockout in the bedroom',
  visitDate: '2026-02-09',
  ...over,
});

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('site-visit model', () => {
  const visit = (over: Partial<SiteVisit> = {}): SiteVisit => ({ ...draft(), id: 'v', status: 'pending', ...over });

  it('refuses a visit without client name, address or mobile, and says which', () => {
    expect(missingFields(draft({ clientName: '', mobile: ' ' }))).toEqual(['clientName', 'mobile']);
    expect(missingFields(draft({ address: '  ' }))).toEqual(['address']);
    expect(missingFields(draft({ measurements: '', blindTypes: [], notes: '' }))).toEqual([]);
  });

  it("exports only the day's visits as text, and nothing when there are none", () => {
    const visits: SiteVisit[] = [
      visit({ id: 't2', clientName: 'Pieter Botha', blindTypes: [], status: 'quoted' }),
      visit({ id: 't1' }),
      visit({ id: 'y', clientName: 'Yesterday Client', visitDate: '2026-02-08' }),
    ];
    expect(exportVisitsOn(visits.slice(2), '2026-02-09')).toBeNull();
    const exported = exportVisitsOn(visits, '2026-02-09')!;
    expect(exported.fileName).toBe('site-visits-2026-02-09.txt');
    expect(exported.text).toMatch(/^Site visits for 2026-02-09 \(2 visits\)\n/);
    expect(exported.text).toContain('1. Pieter Botha');
    expect(exported.text).toContain('Status: Quoted');
    expect(exported.text).toContain('Blind types: Not specified');
    expect(exported.text).toContain('2. Thandi Mokoena');
    expect(exported.text).toContain('Mobile: 082 555 0101');
    expect(exported.text).toContain('Measurements: Lounge 1800 x 1500');
    expect(exported.text).not.toContain('Yesterday Client');
  });

  it("lists today's notes by the consultant's day", () => {
    const notes = [
      { createdAt: new Date(Date.now() - 36 * 3600 * 1000).toISOString(), text: 'Old note' },
      { createdAt: new Date().toISOString(), text: 'Measure lounge' },
    ];
    expect(notesOn(notes, localDate()).map((n) => n.text)).toEqual(['Measure lounge']);
  });
});

describe('the old local-only format (read once to bring it into the store)', () => {
  it('reads corrupt storage as an empty list instead of crashing', () => {
    for (const raw of ['{not json', '"a string"', '42', 'null', '{"id":"x"}']) expect(parseSiteVisits(raw), raw).toEqual([]);
  });

  it('keeps the readable records of a partly corrupt list and repairs what it can', () => {
    const good: SiteVisit = { ...draft(), id: 'good', status: 'pending' };
    const raw = JSON.stringify([
      null,
      'text',
      { ...good, id: 'no-mobile', mobile: undefined },
      { ...good, id: 'bad-status', status: 'archived', blindTypes: 'Roller, Shutters' },
      { ...good, id: 'bad-date', visitDate: 'yesterday' },
      good,
    ]);
    expect(parseSiteVisits(raw)).toEqual([{ ...good, id: 'bad-status', status: 'pending', blindTypes: ['Roller', 'Shutters'] }, good]);
  });

  it('skips malformed notes', () => {
    const raw = '[{"id":1},{"id":"n","text":"ok","createdAt":"2026-02-09T08:00:00.000Z"},{"id":"m","text":"x","createdAt":"never"}]';
    expect(parseWorkspaceNotes(raw).map((n) => n.id)).toEqual(['n']);
    expect(parseWorkspaceNotes('}{')).toEqual([]);
  });
});
