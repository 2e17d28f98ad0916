// The customer's fulfilment timeline (storefront spec sections 2 and 9), on the order confirmation
// page and on /track: every step in order, the steps done with their dates, the current one marked
// for screen readers (aria-current="step"), and the next one with when to expect it.
import type { OrderTimelineDto, TimelineStep } from '@shared/fulfilment';
import { formatLongDate } from '@shared/sa-time';
import './order-timeline.css';

type StepState = 'done' | 'current' | 'next' | 'later';

function stateOf(index: number, current: number, step: TimelineStep): StepState {
  if (index < current) return 'done';
  if (index === current) return 'current';
  return step.expected ? 'next' : 'later';
}

/** The words under a step's label: when it happened, or when to expect it. */
function StepDetail({ step, state }: { step: TimelineStep; state: StepState }) {
  if ((state === 'done' || state === 'current') && step.at)
    return (
      <p className="order-timeline__when">
        {state === 'current' && step.status !== 'cancelled' ? 'Since ' : ''}
        <time dateTime={step.at}>{formatLongDate(step.at)}</time>
      </p>
    );
  if (state === 'next') return <p className="order-timeline__when order-timeline__when--expected">Expected {step.expected}</p>;
  return null;
}

export function OrderTimeline({ timeline, label = 'Order progress' }: { timeline: OrderTimelineDto; label?: string }) {
  // The current step is the order's status ('Cancelled' is the last entry of a cancelled order).
  const current = Math.max(
    0,
    timeline.steps.findIndex((s) => s.status === timeline.status),
  );
  return (
    <ol className="order-timeline" aria-label={label} data-testid="order-timeline">
      {timeline.steps.map((step, i) => {
        const state = stateOf(i, current, step);
        const cancelled = step.status === 'cancelled';
        return (
          <li
            key={step.status}
            className={`order-timeline__step order-timeline__step--${state}${cancelled ? ' order-timeline__step--cancelled' : ''}`}
            aria-current={state === 'current' ? 'step' : undefined}
            data-state={state}
          >
            <span className="order-timeline__marker" aria-hidden="true">
              {state === 'done' ? '✓' : cancelled ? '✕' : ''}
            </span>
            <div className="order-timeline__body">
              <p className="order-timeline__label">
                {step.label}
                {state === 'done' && <span className="visually-hidden"> (done)</span>}
                {state === 'later' && <span className="visually-hidden"> (to come)</span>}
              </p>
              <StepDetail step={step} state={state} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
