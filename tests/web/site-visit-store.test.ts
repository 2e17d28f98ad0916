import { describe, expect, it } from 'vitest';
import type { SiteVisitRecord, SiteVisitState, VisitValues } from '@shared/site-visit-records';
import {
  applySyncAnswer,
  createNote,
  createVisit,
  deleteNote,
  deleteVisit,
  editNote,
  editVisit,
  emptyStore,
  migrateLegacy,
  nextSyncBatch,
  parseStore,
  pendingCount,
  viewNotes,
  viewVisits,
  type StoreData,
} from '../../web/src/features/staff/site-visits/site-visit-store';

// The phone's queue (staff spec 2.11): written here first, shown as 'Saved on this phone' until the
// office confirms exactly what was sent, and only changed fields are queued so another device's
// later edit of a field left alone is never overwritten.

const VALUES: VisitValues = {
  clientName: 'Thandi Mokoena',
  address: '12 Main Road, George',
  mobile: '082 555 0101',
  measurements: 'Lounge 1800 x 1500',
  blindTypes: ['Roller'],
  notes: 'Blockout',
  visitDate: '2026-11-26',
  status: 'pending',
};

const office = (visits: SiteVisitRecord[], over: Partial<SiteVisitState> = {}): SiteVisitState => ({
  success: true,
  serverTime: '2026-11-26T10:00:00.000Z',
  visits,
  notes: [],
  deleted: { visits: [], notes: [] },
  ...over,
});
const record = (id: string, over: Partial<SiteVisitRecord> = {}): SiteVisitRecord => ({
  id,
  ...VALUES,
  createdAt: '2026-11-26T08:00:00.000Z',
  updatedAt: '2026-11-26T08:00:00.000Z',
  ...over,
});

/** A store whose office copy holds the visit 'v1'. */
const synced = (): StoreData => applySyncAnswer(emptyStore(), nextSyncBatch(emptyStore(), 0), office([record('v1')]));

describe('writing on the phone first', () => {
  it('shows a new visit at once as saved on this phone, with every field queued', () => {
    const data = createVisit(emptyStore(), 'v1', VALUES, 1000);
    expect(viewVisits(data)).toEqual([expect.objectContaining({ id: 'v1', clientName: 'Thandi Mokoena', saved: 'phone' })]);
    const batch = nextSyncBatch(data, 2000);
    expect(batch.sentAt).toBe(2000);
    expect(batch.visits[0]).toMatchObject({ id: 'v1', createdAt: 1000, fields: { clientName: { value: 'Thandi Mokoena', at: 1000 } } });
    expect(Object.keys(batch.visits[0]!.fields)).toHaveLength(8);
  });

  it('queues only the fields an edit changed (the form sends them all)', () => {
    const data = editVisit(synced(), 'v1', { ...VALUES, notes: 'Blockout, and sheer in the lounge' }, 5000);
    expect(nextSyncBatch(data, 6000).visits).toEqual([
      { id: 'v1', fields: { notes: { value: 'Blockout, and sheer in the lounge', at: 5000 } } },
    ]);
    expect(viewVisits(data)[0]).toMatchObject({ notes: 'Blockout, and sheer in the lounge', saved: 'phone' });
    // Saving the form unchanged queues nothing.
    expect(editVisit(synced(), 'v1', { ...VALUES }, 5000)).toEqual(synced());
  });

  it('hides a deleted visit at once and queues the delete', () => {
    const data = deleteVisit(synced(), 'v1', 7000);
    expect(viewVisits(data)).toEqual([]);
    expect(nextSyncBatch(data, 8000).visits).toEqual([{ id: 'v1', fields: {}, deletedAt: 7000 }]);
  });

  it('keeps notes the same way: create, edit, delete', () => {
    let data = createNote(emptyStore(), 'n1', 'Measure lounge', 1000);
    expect(viewNotes(data)).toEqual([expect.objectContaining({ id: 'n1', text: 'Measure lounge', saved: 'phone' })]);
    data = editNote(data, 'n1', 'Measure lounge and kitchen', 2000);
    expect(nextSyncBatch(data, 3000).notes).toEqual([
      { id: 'n1', createdAt: 1000, text: { value: 'Measure lounge and kitchen', at: 2000 } },
    ]);
    data = deleteNote(data, 'n1', 4000);
    expect(viewNotes(data)).toEqual([]);
  });
});

describe("the office's answer", () => {
  it('marks what was sent as saved to the office', () => {
    const data = createVisit(emptyStore(), 'v1', VALUES, 1000);
    const sent = nextSyncBatch(data, 2000);
    const after = applySyncAnswer(data, sent, office([record('v1')]));
    expect(pendingCount(after)).toBe(0);
    expect(viewVisits(after)[0]).toMatchObject({ id: 'v1', saved: 'office' });
  });

  it('keeps an edit made while the request was on its way (and only that)', () => {
    let data = editVisit(synced(), 'v1', { notes: 'first' }, 5000);
    const sent = nextSyncBatch(data, 5500);
    // While the request is out, the consultant edits the notes again and the status.
    data = editVisit(data, 'v1', { notes: 'second', status: 'quoted' }, 6000);
    const after = applySyncAnswer(data, sent, office([record('v1', { notes: 'first' })]));
    expect(after.pending.visits.v1).toEqual({ fields: { notes: { value: 'second', at: 6000 }, status: { value: 'quoted', at: 6000 } } });
    expect(viewVisits(after)[0]).toMatchObject({ notes: 'second', status: 'quoted', saved: 'phone' });
  });

  it("shows another device's edits from the office copy, with this phone's unsent edit of another field on top", () => {
    const data = editVisit(synced(), 'v1', { status: 'completed' }, 5000);
    const pull = { sentAt: 5100, visits: [], notes: [] };
    const after = applySyncAnswer(data, pull, office([record('v1', { measurements: 'Lounge 1810 x 1500' })]));
    expect(viewVisits(after)[0]).toMatchObject({ measurements: 'Lounge 1810 x 1500', status: 'completed', saved: 'phone' });
  });

  it('drops its copy (and any queued edit) of a visit the office deleted', () => {
    const data = editVisit(synced(), 'v1', { notes: 'late edit' }, 5000);
    const after = applySyncAnswer(data, { sentAt: 0, visits: [], notes: [] }, office([], { deleted: { visits: ['v1'], notes: [] } }));
    expect(viewVisits(after)).toEqual([]);
    expect(pendingCount(after)).toBe(0);
  });

  it('sends at most 50 of each kind per request', () => {
    let data = emptyStore();
    for (let i = 0; i < 60; i++) data = createVisit(data, `v${i}`, VALUES, i);
    expect(nextSyncBatch(data, 100).visits).toHaveLength(50);
  });
});

describe('the upgrade from the old local-only format', () => {
  it('brings old visits and notes into the queue once, fitted to the office limits', () => {
    const legacy = [{ id: 'visit_1764144000000_abcdefghi', ...VALUES, notes: 'x'.repeat(5000) }];
    const notes = [{ id: 'note_1', text: 'Gate code 1234', createdAt: '2026-11-25T08:00:00.000Z' }];
    const data = migrateLegacy(emptyStore(), legacy, notes, 1_800_000_000_000);
    expect(viewVisits(data)).toEqual([
      expect.objectContaining({ id: legacy[0]!.id, saved: 'phone', createdAt: '2025-11-26T08:00:00.000Z' }),
    ]);
    expect(viewVisits(data)[0]!.notes).toHaveLength(4000);
    expect(viewNotes(data)).toEqual([expect.objectContaining({ id: 'note_1', createdAt: '2026-11-25T08:00:00.000Z' })]);
    // Again: nothing new.
    expect(migrateLegacy(data, legacy, notes, 1_800_000_000_001)).toEqual(data);
  });

  it('reads the stored value back, and anything else as nothing', () => {
    const data = createVisit(emptyStore(), 'v1', VALUES, 1);
    expect(parseStore(JSON.stringify(data))).toEqual(data);
    for (const raw of [null, '{', '[]', '{"version":2}', '{"version":1,"office":{},"pending":{}}'])
      expect(parseStore(raw), String(raw)).toBeNull();
  });
});
