// The walk-through's first step: the room's name and how many windows it has.
import type { FormEvent, RefObject } from 'react';
import { MAX_WINDOWS, MIN_WINDOWS } from './walkthrough-model';

interface RoomStepProps {
  room: string;
  countText: string;
  roomError: string | null;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onRoom: (room: string) => void;
  onCountText: (text: string) => void;
  onStart: (e: FormEvent) => void;
}

export function RoomStep({ room, countText, roomError, headingRef, onRoom, onCountText, onStart }: RoomStepProps) {
  return (
    <form className="ar-panel wt-panel" onSubmit={onStart} aria-labelledby="wt-room-title" noValidate>
      <h2 id="wt-room-title" ref={headingRef} tabIndex={-1}>
        1. Your room
      </h2>
      <label className="ar-field">
        <span>Room name</span>
        <input
          className="wt-input"
          type="text"
          value={room}
          placeholder="Main bedroom"
          autoComplete="off"
          required
          onChange={(e) => onRoom(e.target.value)}
        />
      </label>
      <label className="ar-field">
        <span>How many windows? (1-8)</span>
        <input
          className="wt-input"
          type="number"
          inputMode="numeric"
          min={MIN_WINDOWS}
          max={MAX_WINDOWS}
          step={1}
          value={countText}
          required
          onChange={(e) => onCountText(e.target.value)}
        />
      </label>
      {roomError && (
        <p className="wt-error" role="alert">
          {roomError}
        </p>
      )}
      <div className="button-row">
        <button type="submit" className="button button--accent">
          Start the walk-through
        </button>
      </div>
    </form>
  );
}
