// The leads screen's helpers: status labels, dates in South African time, the failure toast of
// staff spec section 8, and the contact details a POPIA request can be verified by.
import type { FollowUpStatus, LeadDto } from '@shared/leads-api';
import type { VerifiedBy } from '@shared/popia-api';
import { toast } from '../../../components/toast';
import { ApiError } from '../../../lib/api-client';

export const STATUS_LABELS: Record<FollowUpStatus, string> = { new: 'New', contacted: 'Contacted', quoted: 'Quoted', closed: 'Closed' };

const dateFormat = new Intl.DateTimeFormat('en-ZA', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Africa/Johannesburg',
});
export const formatDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'Never');

/** Spec section 8's message, with the server's reason underneath. */
export function failure(title: string, err: unknown) {
  const description =
    err instanceof ApiError
      ? err.status === 401
        ? 'Your staff session has ended. Sign in again with the PIN.'
        : (err.serverMessage ?? err.message)
      : undefined;
  toast({ title, description, variant: 'destructive' });
}

/** The lead's own contact details staff can have verified with the person, each once. */
export function identifierChoices(lead: LeadDto): { verifiedBy: VerifiedBy; value: string; label: string }[] {
  const choices: { verifiedBy: VerifiedBy; value: string; label: string }[] = [];
  if (lead.email) choices.push({ verifiedBy: 'email', value: lead.email, label: `E-mail ${lead.email}` });
  const seen = new Set<string>();
  for (const [kind, value] of [
    ['Phone', lead.phone],
    ['WhatsApp', lead.whatsapp],
  ] as const) {
    const key = value?.replace(/\D/g, '');
    if (!value || !key || seen.has(key)) continue;
    seen.add(key);
    choices.push({ verifiedBy: 'phone', value, label: `${kind} ${value}` });
  }
  return choices;
}

export const recordDate = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : 'Unknown');
