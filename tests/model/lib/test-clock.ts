import { SimulatedClock } from 'xstate';

/**
 * A SimulatedClock that remembers when each pending timer is due, so the executor can move time to exactly
 * the moment a given delay fires: later timers must not fire, and earlier ones fire first, as they would.
 */
export class TestClock extends SimulatedClock {
  private readonly dueTimes = new Map<number, { due: number; delay: number }>();

  override setTimeout(fn: (...args: unknown[]) => void, delay: number): number {
    const id: number = super.setTimeout(() => {
      this.dueTimes.delete(id);
      fn();
    }, delay);
    this.dueTimes.set(id, { due: this.now() + delay, delay });
    return id;
  }

  override clearTimeout(id: number): void {
    this.dueTimes.delete(id);
    super.clearTimeout(id);
  }

  /**
   * Moves time to the earliest pending timer of `delay` ms; answers when that timer was set, or null when no
   * such timer is pending.
   */
  fireNextTimerOf(delay: number): { setAt: number } | null {
    const dues = [...this.dueTimes.values()]
      .filter((timer) => timer.delay === delay)
      .map((timer) => timer.due);
    if (dues.length === 0) return null;
    const due = Math.min(...dues);
    this.set(due);
    return { setAt: due - delay };
  }
}
