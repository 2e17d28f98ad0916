// Where the customer is: the room, the window number, and the window's four steps.
import { WINDOW_STAGE_LABELS, WINDOW_STAGES } from './walkthrough-model';

export function WindowStepper({
  room,
  index,
  count,
  stage,
}: {
  room: string;
  index: number;
  count: number;
  stage: (typeof WINDOW_STAGES)[number];
}) {
  return (
    <div className="wt-stepper">
      <p className="wt-stepper__count">
        <span className="wt-stepper__room">{room.trim()}</span> · Window {index + 1} of {count}
      </p>
      <ol className="wt-stepper__stages" aria-label={`Window ${index + 1} steps`}>
        {WINDOW_STAGES.map((s, i) => (
          <li key={s} className={s === stage ? 'wt-stage wt-stage--current' : 'wt-stage'} aria-current={s === stage ? 'step' : undefined}>
            <span className="wt-stage__number" aria-hidden="true">
              {i + 1}
            </span>
            {WINDOW_STAGE_LABELS[s]}
          </li>
        ))}
      </ol>
    </div>
  );
}
