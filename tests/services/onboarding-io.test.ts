import { describe, expect, it, vi } from 'vitest';
import type { SessionSnapshot } from '../../src/machines/session';
import { createOnboardingIO } from '../../src/services/onboarding-io';
import { PENDING_ONBOARDING_KEY } from '../../src/services/storage';
import { fakePage, memoryStorage } from './doubles';

// Onboarding's I/O beyond the pending item's happy paths (getting-in-io.test.ts): what the session says once it is
// reloaded, the pending item forgotten, and an auth service that cannot say who signed up.

const sessionWith = (flags: object | null) => ({ context: { flags } }) as unknown as SessionSnapshot;

function onboardingIO({
  client = async () => null as unknown,
  storage = memoryStorage(),
  page = fakePage(),
}: {
  client?: () => Promise<unknown>;
  storage?: ReturnType<typeof memoryStorage>;
  page?: ReturnType<typeof fakePage>;
} = {}) {
  const io = createOnboardingIO({
    api: {} as never,
    authService: { client: vi.fn(client), signOut: vi.fn() } as never,
    page,
    storage,
  });
  return { io, storage, page };
}

describe("onboarding's I/O [product: DATA-19, ONB]", () => {
  it('reloads the session and answers whether it still asks for onboarding', async () => {
    const page = fakePage('/Onboarding');
    const { io } = onboardingIO({ page });
    page.reloadSession.mockResolvedValueOnce(sessionWith({ onboarding_required: true }));
    await expect(io.reloadSession()).resolves.toEqual({ onboardingRequired: true });
    page.reloadSession.mockResolvedValueOnce(sessionWith({ onboarding_required: false }));
    await expect(io.reloadSession()).resolves.toEqual({ onboardingRequired: false });
    expect(page.reloadSession).toHaveBeenCalledTimes(2);
  });

  it("forgets this tab's pending item", async () => {
    const item = { plan: 'pro', interval: 'monthly', name: 'Casey', company: '', company_size: null };
    const storage = memoryStorage({ [PENDING_ONBOARDING_KEY]: JSON.stringify(item) });
    const { io } = onboardingIO({ storage });
    await expect(io.readPendingOnboarding()).resolves.toEqual(item);
    io.forgetPendingOnboarding();
    expect(storage.items.has(PENDING_ONBOARDING_KEY)).toBe(false);
  });

  it('has no pending item when the auth service cannot load, is not configured, or holds no session', async () => {
    const unreachable = onboardingIO({ client: async () => Promise.reject(new Error('offline')) });
    await expect(unreachable.io.readPendingOnboarding()).resolves.toBeNull();
    const unconfigured = onboardingIO({ client: async () => null });
    await expect(unconfigured.io.readPendingOnboarding()).resolves.toBeNull();
    const signedOut = onboardingIO({
      client: async () => ({ auth: { getSession: async () => ({ data: { session: null } }) } }),
    });
    await expect(signedOut.io.readPendingOnboarding()).resolves.toBeNull();
  });
});
