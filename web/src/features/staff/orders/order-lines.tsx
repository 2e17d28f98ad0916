// An order's lines as staff check them: size, where it came from (an estimate is badged), how it was
// priced; while the order is 'received', each size can be confirmed or corrected (PATCH .../lines/{n}):
// the server re-prices the line by today's grid, and the answer's line and total are shown.
import { useState, type FormEvent } from 'react';
import type { AdminOrderDetail, AdminOrderLine, AdminOrderResponse } from '@shared/admin-orders-api';
import { ESTIMATE_BADGE } from '@shared/size-sources';
import { formatMillimetres, formatRandFromCents } from '../../../lib/format';
import { correctLineSize } from './orders-client';
import { LineFitGuarantee, PhotoConfirmChoice, RemakeForm } from './fit-guarantee-parts';
import { Field } from './order-fields';
import { ProblemAlert } from './order-actions';
import {
  CONTROL_SIDE_LABELS,
  MOUNT_TYPE_LABELS,
  problemOf,
  sizeChangeSummary,
  sizeFormSubmitLabel,
  type Problem,
  type OnOrderAnswer,
} from './orders-model';
import { describeOptions } from '@shared/product-options';

interface LinesProps {
  order: AdminOrderDetail;
  onAnswer: OnOrderAnswer;
}

export function OrderLines({ order, onAnswer }: LinesProps) {
  if (order.kind === 'samples') return <SampleSwatches order={order} />;
  return (
    <section className="staff-card" aria-labelledby="order-lines-title">
      <h2 id="order-lines-title">Lines</h2>
      <ul className="staff-list">
        {order.lines.map((line) => (
          <li key={line.line_no}>
            <LineCard order={order} line={line} onAnswer={onAnswer} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** A sample order's lines are colours to post: no size, fitting or price to check. */
function SampleSwatches({ order }: { order: AdminOrderDetail }) {
  return (
    <section className="staff-card" aria-labelledby="order-lines-title">
      <h2 id="order-lines-title">Samples to post</h2>
      <ul className="staff-list" data-testid="sample-swatches">
        {order.lines.map((line) => (
          <li key={line.line_no} className="staff-list-item" data-testid="order-line">
            {line.product_name}: <strong>{line.colour}</strong>
          </li>
        ))}
      </ul>
    </section>
  );
}

function LineCard({ order, line, onAnswer }: { order: AdminOrderDetail; line: AdminOrderLine; onAnswer: LinesProps['onAnswer'] }) {
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<string | null>(null);
  const editable = order.fulfilmentStatus === 'received';
  // A size the team can confirm from the customer's photo (the fit guarantee) is confirmed, like an estimate.
  const action = line.size_estimated || (line.can_confirm_from_photo && !line.photo_confirmed) ? 'Confirm size' : 'Correct size';
  const formId = `line-${line.line_no}-size`;
  return (
    <article
      className="staff-list-item"
      aria-labelledby={`line-${line.line_no}-title`}
      data-testid="order-line"
      data-line-no={line.line_no}
    >
      <div className="staff-list-item__head">
        <h3 id={`line-${line.line_no}-title`}>
          Line {line.line_no}: {line.product_name}
        </h3>
        {line.size_estimated && <span className="badge badge--warning">{ESTIMATE_BADGE}</span>}
      </div>
      <dl className="oa-facts">
        <dt>Size</dt>
        <dd>
          {formatMillimetres(line.width_mm)} x {formatMillimetres(line.drop_mm)}{' '}
          <span className={line.size_estimated ? 'oa-warning-text' : 'oa-muted'}>({line.size_source_label})</span>
        </dd>
        <dt>Colour</dt>
        <dd>{line.colour}</dd>
        {line.options?.length ? (
          <>
            <dt>Options</dt>
            <dd>{describeOptions(line.options)}</dd>
          </>
        ) : null}
        <dt>Fitting</dt>
        <dd>
          {MOUNT_TYPE_LABELS[line.mount_type] ?? line.mount_type}, control{' '}
          {CONTROL_SIDE_LABELS[line.control_side]?.toLowerCase() ?? line.control_side}
        </dd>
        <dt>Price</dt>
        <dd>
          {line.quantity} x {formatRandFromCents(line.unit_price_cents)} = <strong>{formatRandFromCents(line.total_cents)}</strong>
          {line.manual_price_reason && <span className="oa-block">Priced by hand: {line.manual_price_reason}</span>}
          {line.sample_price && <span className="oa-block oa-warning-text">Priced from a sample grid</span>}
        </dd>
        <LineFitGuarantee line={line} />
      </dl>
      {result && <p className="oa-result oa-result--inline">{result}</p>}
      {editable && (
        <button
          type="button"
          className="button button--small"
          aria-expanded={open}
          aria-controls={formId}
          onClick={() => {
            setOpen((v) => !v);
            setResult(null);
          }}
        >
          {open ? 'Close' : action}
          <span className="visually-hidden">{open ? ` the size form of line ${line.line_no}` : ` of line ${line.line_no}`}</span>
        </button>
      )}
      {order.fulfilmentStatus !== 'cancelled' && <RemakeForm order={order} line={line} onAnswer={onAnswer} />}
      {editable && open && (
        <SizeForm
          id={formId}
          order={order}
          line={line}
          onDone={(answer) => {
            const after = answer.order.lines.find((l) => l.line_no === line.line_no) ?? line;
            const summary = sizeChangeSummary(line, after, answer.order.totalCents);
            setResult(summary);
            setOpen(false);
            onAnswer(answer, summary, summary);
          }}
        />
      )}
    </article>
  );
}

function SizeForm({
  id,
  order,
  line,
  onDone,
}: {
  id: string;
  order: AdminOrderDetail;
  line: AdminOrderLine;
  onDone: (answer: AdminOrderResponse) => void;
}) {
  const [width, setWidth] = useState(String(line.width_mm));
  const [drop, setDrop] = useState(String(line.drop_mm));
  const [reason, setReason] = useState('');
  const [fromPhoto, setFromPhoto] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem({ message: 'Say how the size was checked (for example, measured on site).', issues: { reason: 'is required' } });
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      onDone(
        await correctLineSize(order.reference, line.line_no, {
          widthMm: width.trim(),
          dropMm: drop.trim(),
          reason: reason.trim(),
          confirmedFromPhoto: fromPhoto,
        }),
      );
    } catch (err) {
      setProblem(problemOf(err, 'Could not save the size. Check the connection and try again.'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form id={id} className="oa-form oa-subform" onSubmit={onSubmit} noValidate aria-label={`Size of line ${line.line_no}`}>
      <p className="staff-hint">
        The server prices the line again by today&apos;s grid; if the total changes, the customer is e-mailed the new total.
      </p>
      <div className="staff-fields">
        <Field label="Width (mm)" required error={problem?.issues.widthMm}>
          {(control) => <input {...control} inputMode="numeric" value={width} onChange={(e) => setWidth(e.target.value)} required />}
        </Field>
        <Field label="Drop (mm)" required error={problem?.issues.dropMm}>
          {(control) => <input {...control} inputMode="numeric" value={drop} onChange={(e) => setDrop(e.target.value)} required />}
        </Field>
      </div>
      <Field label="Reason" required hint="e.g. measured on site, confirmed by the customer on the phone" error={problem?.issues.reason}>
        {(control) => <input {...control} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} required autoFocus />}
      </Field>
      <PhotoConfirmChoice line={line} checked={fromPhoto} onChange={setFromPhoto} />
      <button type="submit" className="button button--accent button--small" disabled={busy}>
        {busy ? 'Saving…' : sizeFormSubmitLabel({ ...line, size_estimated: line.size_estimated || fromPhoto }, width, drop)}
      </button>
      <ProblemAlert problem={problem} />
    </form>
  );
}
