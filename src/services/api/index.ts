import { type AuthApiOptions, createAuthApi } from './auth';
import { createBillingApi } from './billing';
import type { ApiClient } from './client';
import { createContactApi } from './contact';
import { createRefundsApi } from './refunds';
import { createSignupsApi } from './signups';

/**
 * The product API, one client per endpoint family, each call with one answer shape (docs/WIRE.md, docs/api.md).
 * The flows' I/O reaches every endpoint through it; a new family is one line here.
 */
export function createProductApi(client: ApiClient, options: AuthApiOptions) {
  return {
    auth: createAuthApi(client, options),
    billing: createBillingApi(client),
    signups: createSignupsApi(client),
    contact: createContactApi(client),
    refunds: createRefundsApi(client),
  };
}

export type ProductApi = ReturnType<typeof createProductApi>;
