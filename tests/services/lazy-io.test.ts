import { describe, expect, it, vi } from 'vitest';
import { lazily } from '../../src/app/lazy-io';

// src/app/lazy-io.ts: the services load on first use; once loaded, a flow's command runs in the transition that asks
// for it (provideIO reads `current()`), not a task later (a tab opened a task after the click is a blocked popup).
describe('lazily', () => {
  it('has nothing at hand before the first load, the loaded value after it, and loads once', async () => {
    const load = vi.fn(async () => ({ name: 'services' }));
    const services = lazily(load);
    expect(services.current()).toBeUndefined();
    const loaded = await services.load();
    expect(services.current()).toBe(loaded);
    expect(await services.load()).toBe(loaded);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
