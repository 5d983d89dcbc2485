/**
 * The Date and Time dropdowns of every booking form (the member's popup and request page, the
 * broadcaster's invite form): choosing a date resets the time; a day without free slots leaves the
 * time disabled. Times are the member's (or broadcaster's) own, the zone named once in the label.
 */
import { useId } from 'react';
import { timeOfDay, zoneName } from '../../app/time/format';

export interface SlotPickerProps {
  days: readonly { key: string; label: string }[];
  dayKey: string;
  onDay: (key: string) => void;
  /** The free slots of the chosen day. */
  slots: readonly { time_id: string; time: number }[];
  timeId: string;
  onTime: (timeId: string) => void;
}

export function SlotPicker({ days, dayKey, onDay, slots, timeId, onTime }: SlotPickerProps) {
  const ids = { day: useId(), time: useId() };
  return (
    <>
      <div className="booking-field">
        <label htmlFor={ids.day}>Date</label>
        <select
          id={ids.day}
          value={dayKey}
          onChange={(e) => {
            onDay(e.target.value);
            onTime('');
          }}
        >
          {days.map((d) => (
            <option key={d.key} value={d.key}>
              {d.label}
            </option>
          ))}
        </select>
      </div>
      <div className="booking-field">
        <label htmlFor={ids.time}>Time ({zoneName(slots[0]?.time ?? Date.now() / 1000)})</label>
        <select
          id={ids.time}
          value={timeId}
          disabled={!slots.length}
          onChange={(e) => onTime(e.target.value)}
        >
          <option value="">Select a time</option>
          {slots.map((s) => (
            <option key={s.time_id} value={s.time_id}>
              {timeOfDay(s.time)}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
