import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PopiaConsent } from '../../components/popia-consent';
import { toast } from '../../components/toast';

export type LaunchFeature = 'visualizer' | 'walkthrough';

export interface QuickDetails {
  name: string;
  whatsapp: string;
  email: string;
}

/** Spec: a name of 'blinds' (any case) skips the checks and submits these demo details. */
export const DEMO_DETAILS: QuickDetails = { name: 'Demo Customer', whatsapp: '082 000 0000', email: 'demo@example.co.za' };

export function isBypassName(name: string): boolean {
  return name.trim().toLowerCase() === 'blinds';
}

export const CONSENT_NEEDED = {
  title: 'Consent Needed',
  description: 'Please tick the box to agree to be contacted about your enquiry.',
} as const;

/**
 * The dialog's own checks (spec section 5), in order, then the POPIA consent the lead form also
 * asks for (the server refuses the details without it); null when the details may be submitted.
 */
export function checkQuickDetails(details: QuickDetails, consent: boolean): { title: string; description: string } | null {
  if (!details.name.trim() || !details.whatsapp.trim() || !details.email.trim()) {
    return { title: 'Missing Details', description: 'Please fill in all fields to continue.' };
  }
  if (!details.email.includes('@')) {
    return { title: 'Invalid Email', description: 'Please enter a valid email address.' };
  }
  if (!consent) return { ...CONSENT_NEEDED };
  return null;
}

const TITLES: Record<LaunchFeature, string> = {
  visualizer: 'Quick Details for AR Visualizer',
  walkthrough: 'Quick Details for Room Walk-Through',
};
const SUBMIT_LABELS: Record<LaunchFeature, string> = {
  visualizer: 'Launch AR Visualizer',
  walkthrough: 'Start Consultation',
};

interface Props {
  feature: LaunchFeature | null;
  onCancel: () => void;
  /** Called with valid (or demo) details; the dialog shows 'Saving...' until it settles. */
  onSubmit: (details: QuickDetails, options: { demo: boolean }) => Promise<void>;
}

export function QuickDetailsDialog({ feature, onCancel, onSubmit }: Props) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [details, setDetails] = useState<QuickDetails>({ name: '', whatsapp: '', email: '' });
  const [consent, setConsent] = useState(false);
  const [saving, setSaving] = useState(false);
  const titleId = useId();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (feature && !dialog.open) dialog.showModal();
    if (!feature && dialog.open) dialog.close();
  }, [feature]);

  const update = (field: keyof QuickDetails) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setDetails((d) => ({ ...d, [field]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (saving) return;
    const demo = isBypassName(details.name);
    if (!demo) {
      const problem = checkQuickDetails(details, consent);
      if (problem) {
        toast({ ...problem, variant: 'destructive' });
        return;
      }
    }
    setSaving(true);
    try {
      await onSubmit(demo ? DEMO_DETAILS : { name: details.name.trim(), whatsapp: details.whatsapp.trim(), email: details.email.trim() }, {
        demo,
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        if (!saving) onCancel();
      }}
    >
      {feature && (
        <form onSubmit={submit} noValidate>
          <h2 id={titleId}>{TITLES[feature]}</h2>
          {/* Nothing is sent from the visualiser, so the dialog promises only what happens: a follow-up. */}
          <p className="dialog__intro">So our team can follow up with your quote. We only use these details to help with your blinds.</p>
          <label className="field">
            <span>Your Name</span>
            <input name="name" autoComplete="name" value={details.name} onChange={update('name')} autoFocus />
          </label>
          <label className="field">
            <span>WhatsApp Number</span>
            <input
              name="whatsapp"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="082 123 4567"
              value={details.whatsapp}
              onChange={update('whatsapp')}
            />
          </label>
          <label className="field">
            <span>Email Address</span>
            <input
              name="email"
              type="email"
              autoComplete="email"
              placeholder="you@example.co.za"
              value={details.email}
              onChange={update('email')}
            />
          </label>
          <PopiaConsent id={`${titleId}-consent`} className="dialog__consent" checked={consent} onChange={setConsent} />
          <div className="dialog__actions">
            <button type="button" className="button button--ghost-dark" onClick={onCancel} disabled={saving}>
              Cancel
            </button>
            <button type="submit" className="button" disabled={saving} aria-busy={saving}>
              {saving ? 'Saving...' : SUBMIT_LABELS[feature]}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
