import type { FastifyBaseLogger } from 'fastify';
import type { SignupRow } from '../../db/schema';
import type { BillingService, BillingUser } from './service';

/**
 * The hook the signups route calls once a new signup record exists: the beta's 14-day trial starts at the payment
 * provider, without a card. A provider failure does not undo the signup (it is logged; the person can still
 * subscribe from the Billing page).
 */
export async function startBetaTrial(
  billing: BillingService,
  user: BillingUser,
  row: SignupRow,
  log: FastifyBaseLogger,
) {
  try {
    await billing.startTrial(user, { plan: row.plan, interval: row.interval });
  } catch (error) {
    log.error({ err: error, signup: row.id }, 'could not start the beta trial at the payment provider');
  }
}
