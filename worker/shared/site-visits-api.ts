import { z } from 'zod';

/** POST /api/site-visits/unlock: the access phrase, or the 4-digit code, as typed. */
export const siteVisitUnlockSchema = z.object({
  phrase: z.string({ error: 'is required' }).min(1, 'is required').max(200, 'is too long'),
});

export type SiteVisitUnlockRequest = z.infer<typeof siteVisitUnlockSchema>;

/** GET /api/site-visits/session: whether this browser has unlocked the site-visit workspace. */
export interface SiteVisitSessionStatus {
  success: true;
  unlocked: boolean;
  expiresAt: string | null;
}

/** Staff spec section 8: the wrong-phrase message, shown by the gate as the server sends it. */
export const WRONG_PHRASE_MESSAGE = 'Access Denied - Incorrect access phrase';
