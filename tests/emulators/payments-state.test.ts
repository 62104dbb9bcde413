import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SEEDED_CUSTOMER_EMAIL } from '../../emulators/payments/seed';
import { emulatorCall, startPayments } from './payments-harness';

// The state file keeps the stand-in's customers and subscriptions across restarts (the product database refers to
// them), and /_emulator/reset goes back to the seed.

describe('payments stand-in: state', () => {
  let folder: string | undefined;
  afterEach(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('keeps everything across a restart with a state file', async () => {
    folder = await mkdtemp(join(tmpdir(), 'payments-state-'));
    const stateFile = join(folder, 'payments.json');
    const first = await startPayments({ stateFile });
    const customer = await first.stripe.customers.create({ email: 'kept@example.com' });
    const subscription = await first.stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: 'price_business_monthly' }],
      trial_period_days: 14,
    });
    await first.close();
    expect(JSON.parse(await readFile(stateFile, 'utf8')).version).toBe(1);

    const second = await startPayments({ stateFile });
    try {
      expect((await second.stripe.subscriptions.retrieve(subscription.id)).status).toBe('trialing');
      // The seed is not applied again over a loaded state.
      expect((await second.stripe.customers.list({ email: SEEDED_CUSTOMER_EMAIL })).data).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('goes back to the catalogue and the demo customer on reset', async () => {
    const payments = await startPayments();
    try {
      await payments.stripe.customers.create({ email: 'gone@example.com' });
      const response = await emulatorCall(payments, 'reset');
      expect(response.status).toBe(200);
      expect((await payments.stripe.customers.list({ email: 'gone@example.com' })).data).toHaveLength(0);
      expect((await payments.stripe.customers.list({ email: SEEDED_CUSTOMER_EMAIL })).data).toHaveLength(1);
      expect((await payments.stripe.prices.list({ limit: 100 })).data).toHaveLength(6);
    } finally {
      await payments.close();
    }
  });
});
