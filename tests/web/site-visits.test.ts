import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addSiteVisit,
  addWorkspaceNote,
  exportVisitsOn,
  loadSiteVisits,
  loadWorkspaceNotes,
  localDate,
  missingFields,
  notesOn,
  parseSiteVisits,
  saveSiteVisits,
  setVisitStatus,
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

/** A Map-backed localStorage for Node. */
function fakeStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, String(v)),
    removeItem: (k: string) => void data.delete(k),
    clear: () => data.clear(),
    key: (i: number) => [...data.keys()][i] ?? null,
    get length() {
      return data.size;
    },
  };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', fakeStorage());
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('site-visit storage model', () => {
  it('adds a visit first, trimmed and pending, and stores it under the spec key site-visits', () => {
    const older = addSiteVisit([], draft({ clientName: 'First' }), 'v1')!;
    const visits = addSiteVisit(older, draft({ clientName: '  Thandi Mokoena  ' }), 'v2')!;
    expect(visits.map((v) => v.id)).toEqual(['v2', 'v1']);
    expect(visits[0]).toEqual({ ...draft(), id: 'v2', status: 'pending' });
    saveSiteVisits(visits);
    expect(JSON.parse(localStorage.getItem('site-visits')!)).toHaveLength(2);
    expect(loadSiteVisits()).toEqual(visits);
  });

  it('refuses a visit without client name, address or mobile, and says which', () => {
    expect(addSiteVisit([], draft({ address: '  ' }))).toBeNull();
    expect(missingFields(draft({ clientName: '', mobile: ' ' }))).toEqual(['clientName', 'mobile']);
    expect(missingFields(draft())).toEqual([]);
    // Measurements, blind types and notes are optional.
    expect(addSiteVisit([], draft({ measurements: '', blindTypes: [], notes: '' }))).toHaveLength(1);
  });

  it('dates a visit today when no date is given', () => {
    expect(addSiteVisit([], draft({ visitDate: '' }), 'v')![0]!.visitDate).toBe(localDate());
  });

  it('switches status freely between pending, quoted and completed, touching only that visit', () => {
    let visits = addSiteVisit(addSiteVisit([], draft(), 'a')!, draft(), 'b')!;
    visits = setVisitStatus(visits, 'a', 'completed');
    expect(visits.find((v) => v.id === 'a')!.status).toBe('completed');
    expect(visits.find((v) => v.id === 'b')!.status).toBe('pending');
    visits = setVisitStatus(visits, 'a', 'quoted');
    expect(visits.find((v) => v.id === 'a')!.status).toBe('quoted');
    visits = setVisitStatus(visits, 'a', 'pending');
    expect(visits.find((v) => v.id === 'a')!.status).toBe('pending');
  });

  it("exports only the day's visits as text, and nothing when there are none", () => {
    let visits: SiteVisit[] = addSiteVisit([], draft({ clientName: 'Yesterday Client', visitDate: '2026-02-08' }), 'y')!;
    expect(exportVisitsOn(visits, '2026-02-09')).toBeNull();
    visits = addSiteVisit(visits, draft(), 't1')!;
    visits = setVisitStatus(addSiteVisit(visits, draft({ clientName: 'Pieter Botha', blindTypes: [] }), 't2')!, 't2', 'quoted');
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

  it('reads corrupt storage as an empty list instead of crashing', () => {
    for (const raw of ['{not json', '"a string"', '42', 'null', '{"id":"x"}']) {
      localStorage.setItem('site-visits', raw);
      expect(loadSiteVisits(), raw).toEqual([]);
    }
  });

  it('keeps the readable records of a partly corrupt list and repairs what it can', () => {
    const good = addSiteVisit([], draft(), 'good')![0]!;
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
});

describe('workspace notes', () => {
  it("adds notes first, ignores blank ones, and lists today's", () => {
    const yesterday = new Date(Date.now() - 36 * 3600 * 1000);
    let notes = addWorkspaceNote([], 'Old note', yesterday);
    notes = addWorkspaceNote(notes, '   ');
    notes = addWorkspaceNote(notes, ' Measure lounge ');
    expect(notes.map((n) => n.text)).toEqual(['Measure lounge', 'Old note']);
    expect(notesOn(notes, localDate()).map((n) => n.text)).toEqual(['Measure lounge']);
  });

  it('reads corrupt notes storage as empty and skips malformed notes', () => {
    localStorage.setItem(
      'workspace-notes',
      '[{"id":1},{"id":"n","text":"ok","createdAt":"2026-02-09T08:00:00.000Z"},{"id":"m","text":"x","createdAt":"never"}]',
    );
    expect(loadWorkspaceNotes().map((n) => n.id)).toEqual(['n']);
    localStorage.setItem('workspace-notes', '}{');
    expect(loadWorkspaceNotes()).toEqual([]);
  });
});
