/** Time-of-day greeting of the signed-in hero [product: NAME-4]: before 12 morning, before 17 afternoon. */

export type Greeting = 'Good morning' | 'Good afternoon' | 'Good evening';

export function greetingForHour(hour: number): Greeting {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
}

/** The greeting for a moment in the viewer's local time. */
export function greetingAt(date: Date): Greeting {
  return greetingForHour(date.getHours());
}
