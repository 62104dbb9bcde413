import { AsyncLocalStorage } from 'node:async_hooks';

// The API request being answered, if any: an event published while it runs names it (`request.id`,
// `request.idempotency_key`), as Stripe's events do; events of the test clock or the hosted pages name none.

export interface ApiRequest {
  id: string;
  idempotencyKey: string | null;
}

const current = new AsyncLocalStorage<ApiRequest>();

export const duringRequest = <T>(request: ApiRequest, run: () => T): T => current.run(request, run);

export const currentRequest = (): ApiRequest | undefined => current.getStore();
