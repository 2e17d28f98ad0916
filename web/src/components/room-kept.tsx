// A status said while an answer is awaited, over a hidden stand-in of what the answer will show: the
// box keeps the answer's size, so what is below it does not jump under a finger (or a click) when the
// answer comes. The stand-in is hidden from sight and from screen readers; it must carry no test ids.
import type { ReactNode } from 'react';
import './room-kept.css';

export function RoomKept({ status, standIn }: { status: ReactNode; standIn: ReactNode }) {
  return (
    <div className="room-kept">
      {status}
      <div className="room-kept__stand-in" aria-hidden="true">
        {standIn}
      </div>
    </div>
  );
}
