import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emulatorCall, type Payments, startPayments, TEST_ADMIN_KEY } from './payments-harness';

// The /_emulator test helpers rewrite the whole state (reset, webhook endpoint, test clock), so they refuse
// anyone without the admin key, anything but JSON, and any web page of another origin (issue 19 item 6: a
// cross-site form post used to reset the stand-in).

describe('payments stand-in: the test helpers refuse what is not a test', () => {
  let payments: Payments;

  beforeAll(async () => {
    payments = await startPayments();
  });
  afterAll(() => payments.close());

  /** A customer that survives only if /_emulator/reset was refused. */
  async function witness() {
    const customer = await payments.stripe.customers.create({
      email: `witness-${Math.random()}@example.com`,
    });
    return async () =>
      (await payments.stripe.customers.list({ email: customer.email ?? '' })).data.length === 1;
  }

  it('a cross-site form post cannot reset the stand-in', async () => {
    const survives = await witness();
    const response = await fetch(`${payments.url}/_emulator/reset`, {
      method: 'POST',
      headers: { origin: 'http://attacker.example', 'content-type': 'application/x-www-form-urlencoded' },
      body: 'x=1',
    });
    expect(response.ok).toBe(false);
    expect(await survives()).toBe(true);
  });

  it('needs the admin key', async () => {
    const survives = await witness();
    for (const authorization of [undefined, 'Bearer wrong-key-of-some-length']) {
      const response = await fetch(`${payments.url}/_emulator/reset`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
        body: '{}',
      });
      expect(response.status).toBe(401);
    }
    expect((await emulatorCall(payments, 'webhooks', undefined, 'GET')).status).toBe(200);
    expect((await fetch(`${payments.url}/_emulator/webhooks`)).status).toBe(401);
    expect(await survives()).toBe(true);
  });

  it('accepts JSON only, even with the key', async () => {
    const survives = await witness();
    const response = await fetch(`${payments.url}/_emulator/reset`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'content-type': 'text/plain' },
      body: '{}',
    });
    expect(response.status).toBe(415);
    expect(await survives()).toBe(true);
  });

  it('refuses a page of another origin, even with the key and JSON', async () => {
    const survives = await witness();
    const response = await fetch(`${payments.url}/_emulator/reset`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${TEST_ADMIN_KEY}`,
        'content-type': 'application/json',
        origin: 'http://attacker.example',
      },
      body: '{}',
    });
    expect(response.status).toBe(403);
    expect(await survives()).toBe(true);
  });

  it('is off when the stand-in has no admin key', async () => {
    const keyless = await startPayments({ adminKey: undefined });
    try {
      const response = await fetch(`${keyless.url}/_emulator/reset`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TEST_ADMIN_KEY}`, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(response.status).toBe(403);
    } finally {
      await keyless.close();
    }
  });

  it('does its job for a caller with the key and a JSON body', async () => {
    const survives = await witness();
    expect((await emulatorCall(payments, 'reset')).status).toBe(200);
    expect(await survives()).toBe(false);
  });
});
