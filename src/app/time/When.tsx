/** A date-time on screen: a <time> element in the member's zone, the zone named (see format.ts). */
import { dateTime, isoDateTime, shortWhen } from './format';

export function When({
  seconds,
  short = false,
  className,
  testId,
}: {
  seconds: number;
  /** A list's short stamp ('19:30' today, else the date); the full date-time shows as its title. */
  short?: boolean;
  className?: string;
  testId?: string;
}) {
  const full = dateTime(seconds);
  return (
    <time
      dateTime={isoDateTime(seconds)}
      title={short ? full : undefined}
      className={className}
      data-testid={testId}
    >
      {short ? shortWhen(seconds) : full}
    </time>
  );
}
