import { describe, expect, it } from 'vitest';
import { greetingAt, greetingForHour } from './greeting';

describe('greetingForHour [product: NAME-4]', () => {
  it.each([
    [0, 'Good morning'],
    [11, 'Good morning'],
    [12, 'Good afternoon'],
    [16, 'Good afternoon'],
    [17, 'Good evening'],
    [23, 'Good evening'],
  ])('%i:00 -> %s', (hour, text) => {
    expect(greetingForHour(hour)).toBe(text);
  });

  it("uses the viewer's local hour", () => {
    expect(greetingAt(new Date(2026, 0, 5, 11, 59))).toBe('Good morning');
    expect(greetingAt(new Date(2026, 0, 5, 16, 59))).toBe('Good afternoon');
  });
});
