// /track's note under an order's timeline while it has no courier entry (web/src/lib/tracking-client.ts):
// promised only to a courier order that is not dispatched yet.
import { describe, expect, it } from 'vitest';
import { FULFILMENT_STATUSES } from '@shared/fulfilment';
import { courierTrackingToCome } from '../../web/src/lib/tracking-client';

describe('courierTrackingToCome', () => {
  it('a courier order before dispatch is told its tracking comes with dispatch; after it, or cancelled, nothing', () => {
    const noted = FULFILMENT_STATUSES.filter((status) => courierTrackingToCome({ status, method: 'courier' }) !== null);
    expect(noted).toEqual(['received', 'sizes_confirmed', 'in_production']);
    expect(courierTrackingToCome({ status: 'received', method: 'courier' })).toBe(
      "The courier's tracking appears here once your order is dispatched.",
    );
  });

  it('an order our team installs never has a courier, so it is never promised one', () => {
    for (const status of FULFILMENT_STATUSES) expect(courierTrackingToCome({ status, method: 'installation' }), status).toBeNull();
  });
});
