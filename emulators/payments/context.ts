import type { FastifyBaseLogger } from 'fastify';
import type { Billing } from './billing';
import type { EventBus } from './events';
import type { PaymentsStore } from './store';

export interface PaymentsConfig {
  /** The address the SDK and browsers use; hosted pages and invoice links are built on it. */
  publicUrl: string;
  /** When set, only this secret key is accepted; otherwise any `sk_test_…` / `sk_live_…` key is. */
  apiKey: string | null;
  /** The key the /_emulator test helpers need; null turns them off. */
  adminKey: string | null;
}

export interface PaymentsContext {
  config: PaymentsConfig;
  store: PaymentsStore;
  billing: Billing;
  events: EventBus;
  log: FastifyBaseLogger;
}
