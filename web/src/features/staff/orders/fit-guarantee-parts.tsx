// The fit guarantee on the staff order page (shared/fit-guarantee.ts): each line's standing, the
// size form's 'confirmed from the customer's photo' choice (offered only where the server says the
// line can be: measured from a kept photo against a real size), a remake claim against a line
// (coverage computed by the server from the line, never chosen here), and the order's remakes.
import { useState, type FormEvent } from 'react';
import type { AdminOrderDetail, AdminOrderLine, AdminOrderResponse } from '@shared/admin-orders-api';
import { FIT_GUARANTEE_PATH, FIT_GUARANTEE_STAFF_LABELS } from '@shared/fit-guarantee';
import type { RemakeClaimRequest } from '@shared/remakes-api';
import { apiRequest } from '../../../lib/api-client';
import { formatRandFromCents } from '../../../lib/format';
import { Field } from './order-fields';
import { ProblemAlert } from './order-actions';
import { formatOrderTime, problemOf, type OnOrderAnswer, type Problem } from './orders-model';

/** POST /api/admin/orders/{reference}/lines/{lineNo}/remakes */
function claimRemake(reference: string, lineNo: number, body: RemakeClaimRequest): Promise<AdminOrderResponse & { covered: boolean }> {
  return apiRequest('POST', `/api/admin/orders/${encodeURIComponent(reference)}/lines/${lineNo}/remakes`, body);
}

/** 'Fit guarantee: covered (size confirmed from the photo)', with who and when; nothing for a line it cannot cover. */
export function LineFitGuarantee({ line }: { line: AdminOrderLine }) {
  if (!line.fit_guarantee) return null;
  return (
    <>
      <dt>Guarantee</dt>
      <dd data-testid="staff-fit-guarantee" data-status={line.fit_guarantee}>
        <span className={line.fit_guarantee === 'covered' ? 'oa-covered-text' : 'oa-muted'}>
          {FIT_GUARANTEE_STAFF_LABELS[line.fit_guarantee]}
        </span>
        {line.photo_confirmed && (
          <span className="oa-block oa-muted">
            Confirmed from the photo by {line.photo_confirmed.by}, {formatOrderTime(line.photo_confirmed.at)}
          </span>
        )}{' '}
        <a href={FIT_GUARANTEE_PATH} target="_blank" rel="noopener noreferrer">
          Terms<span className="visually-hidden"> of the fit guarantee (opens in a new tab)</span>
        </a>
      </dd>
    </>
  );
}

/** The size form's choice; only for a line the server says can be confirmed from its photo. */
export function PhotoConfirmChoice({
  line,
  checked,
  onChange,
}: {
  line: AdminOrderLine;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  if (!line.can_confirm_from_photo) return null;
  const id = `line-${line.line_no}-from-photo`;
  return (
    <div>
      <label className="oa-check" htmlFor={id}>
        <input id={id} type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={`${id}-hint`} />
        Confirmed from the customer&apos;s photo
      </label>
      <span className="staff-hint" id={`${id}-hint`}>
        Tick only when you checked this size against the photo under Photos: the blind is then covered by the fit guarantee.
      </span>
    </div>
  );
}

/** Record a remake of one line: why, and what it costs the shop. */
export function RemakeForm({ order, line, onAnswer }: { order: AdminOrderDetail; line: AdminOrderLine; onAnswer: OnOrderAnswer }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [cost, setCost] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const formId = `line-${line.line_no}-remake`;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim() || cost.trim() === '') {
      setProblem({
        message: 'Say why the blind is remade and what the remake costs.',
        issues: { ...(reason.trim() ? {} : { reason: 'is required' }), ...(cost.trim() === '' ? { cost: 'is required' } : {}) },
      });
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const answer = await claimRemake(order.reference, line.line_no, { reason: reason.trim(), cost: cost.trim() });
      setOpen(false);
      setReason('');
      setCost('');
      onAnswer(answer, answer.message ?? 'Remake recorded.');
    } catch (err) {
      setProblem(problemOf(err, 'Could not record the remake. Check the connection and try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button--small button--ghost-dark"
        aria-expanded={open}
        aria-controls={formId}
        onClick={() => setOpen((v) => !v)}
      >
        {open ? 'Close' : 'Record a remake'}
        <span className="visually-hidden">{open ? ` form of line ${line.line_no}` : ` of line ${line.line_no}`}</span>
      </button>
      {open && (
        <form id={formId} className="oa-form oa-subform" onSubmit={onSubmit} noValidate aria-label={`Remake of line ${line.line_no}`}>
          <p className="staff-hint">
            {line.fit_guarantee === 'covered'
              ? 'This line is covered by the fit guarantee: the remake is counted as a guarantee claim.'
              : 'This line is not covered by the fit guarantee: the remake is counted apart from guarantee claims.'}
          </p>
          <Field label="Reason" required hint="e.g. 10 mm too narrow for the recess" error={problem?.issues.reason}>
            {(control) => (
              <input {...control} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required autoFocus />
            )}
          </Field>
          <Field label="Cost of the remake (R, incl. VAT)" required error={problem?.issues.cost}>
            {(control) => <input {...control} inputMode="decimal" value={cost} onChange={(e) => setCost(e.target.value)} required />}
          </Field>
          <button type="submit" className="button button--accent button--small" disabled={busy}>
            {busy ? 'Saving…' : 'Record remake'}
          </button>
          <ProblemAlert problem={problem} />
        </form>
      )}
    </>
  );
}

/** The order's remakes, oldest first. */
export function OrderRemakes({ order }: { order: AdminOrderDetail }) {
  if (order.remakes.length === 0) return null;
  return (
    <section className="staff-card" aria-labelledby="order-remakes-title">
      <h2 id="order-remakes-title">Remakes</h2>
      <ul className="staff-list">
        {order.remakes.map((r) => (
          <li key={r.id} data-testid="order-remake">
            Line {r.lineNo}: {r.reason}. {formatRandFromCents(r.costCents)},{' '}
            {r.covered ? 'covered by the fit guarantee' : 'not covered by the fit guarantee'}.{' '}
            <span className="oa-muted">
              {r.actor}, {formatOrderTime(r.createdAt)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
