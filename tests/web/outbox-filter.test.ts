import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, filterFromParams, filterQuery } from '../../web/src/features/staff/outbox/outbox-client';

describe('the outbox screen filter in the address', () => {
  it("reads the dashboard alert's link: failed e-mails", () => {
    expect(filterFromParams(new URLSearchParams('status=failed'))).toEqual({ ...EMPTY_FILTER, status: 'failed' });
  });

  it('drops a state the API does not know and trims the words', () => {
    expect(filterFromParams(new URLSearchParams('status=lost&q=%20CB-ABC12345%20&from=2026-03-01'))).toEqual({
      status: '',
      q: 'CB-ABC12345',
      from: '2026-03-01',
      to: '',
    });
  });

  it('writes only the parts that are set, and reads back what it wrote', () => {
    expect(filterQuery(EMPTY_FILTER)).toBe('');
    const filter = { status: 'erased', q: 'lead-notification:L1', from: '2026-03-01', to: '2026-03-02' } as const;
    const query = filterQuery(filter);
    expect(query).toBe('status=erased&q=lead-notification%3AL1&from=2026-03-01&to=2026-03-02');
    expect(filterFromParams(new URLSearchParams(query))).toEqual(filter);
  });
});
