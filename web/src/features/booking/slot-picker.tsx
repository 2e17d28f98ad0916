import { useId } from 'react';
import type { OpenSlot } from '@shared/visit-bookings-api';
import { longDay } from './booking-client';

/** The open times grouped by day, one radio button each; the group is one labelled fieldset. */
export function SlotPicker({
  slots,
  selected,
  onSelect,
  showArea,
}: {
  slots: OpenSlot[];
  selected: string | null;
  onSelect: (id: string) => void;
  showArea: boolean;
}) {
  const name = useId();
  const days = [...new Set(slots.map((s) => s.visitDate))];
  return (
    <fieldset className="slot-picker">
      <legend>Choose a time</legend>
      {days.map((day) => (
        <div key={day} className="slot-picker__day">
          <h3>{longDay(day)}</h3>
          <div className="slot-picker__times">
            {slots
              .filter((s) => s.visitDate === day)
              .map((s) => (
                <label key={s.id} className={selected === s.id ? 'slot-picker__slot slot-picker__slot--on' : 'slot-picker__slot'}>
                  <input type="radio" name={name} value={s.id} checked={selected === s.id} onChange={() => onSelect(s.id)} />
                  <span>
                    {s.startTime} to {s.endTime}
                    {showArea && <span className="slot-picker__area"> · {s.area}</span>}
                  </span>
                </label>
              ))}
          </div>
        </div>
      ))}
    </fieldset>
  );
}
