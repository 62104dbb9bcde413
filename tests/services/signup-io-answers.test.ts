import { describe, expect, it, vi } from 'vitest';
import { createSignupIO } from '../../src/services/signup-io';
import { fakePage, memoryStorage } from './doubles';

// The auth service's sign-up answers that getting-in-io.test.ts does not give: no user at all, and a user whose
// identities the auth service left out.

function signUpAnswering(data: { user: unknown; session: null }) {
  const signUp = vi.fn(async () => ({ data, error: null }));
  const io = createSignupIO({
    api: {} as never,
    authService: { client: async () => ({ auth: { signUp } }), signOut: async () => {} } as never,
    page: fakePage(),
    storage: memoryStorage(),
  });
  return io.signUp({
    email: 'casey@example.com',
    password: 'Journey-Pass-1',
    fullName: 'Casey Jones',
    choices: { plan: 'pro', interval: 'monthly', name: 'Casey Jones', company: '', company_size: null },
  });
}

describe("the sign-up dialog's I/O, the auth service's other answers [product: AUTH-1, SIGNUP-11]", () => {
  it('an answer without a user is a sign-up waiting for its confirmation, not an error', async () => {
    await expect(signUpAnswering({ user: null, session: null })).resolves.toEqual({ emailConfirmed: false });
  });

  it("a user the answer lists no identities for is new (only an empty list means 'already registered')", async () => {
    const user = { id: 'u1', email_confirmed_at: null };
    await expect(signUpAnswering({ user, session: null })).resolves.toEqual({ emailConfirmed: false });
    const confirmed = { id: 'u2', email_confirmed_at: '2026-11-20T10:00:00Z' };
    await expect(signUpAnswering({ user: confirmed, session: null })).resolves.toEqual({
      emailConfirmed: true,
    });
  });
});
