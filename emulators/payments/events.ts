import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { API_VERSION } from './objects';
import { currentRequest } from './request-context';
import { newId, nowSeconds, type PaymentsStore, type StripeObject } from './store';

// Events are stored like any object (GET /v1/events) and delivered to one webhook endpoint, signed exactly as
// Stripe signs them: `Stripe-Signature: t=<seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>` over the exact
// bytes sent. A delivery that does not answer 2xx is retried later, like Stripe does (on a shorter schedule).

export interface StripeEvent extends StripeObject {
  object: 'event';
  type: string;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  /** Endpoints that have not acknowledged the event yet (Stripe's Event object). */
  pending_webhooks: number;
  /** The API request that caused the event; null ids for automatic events (the test clock, hosted pages). */
  request: { id: string | null; idempotency_key: string | null };
}

export interface DeliveryAttempt {
  event: string;
  type: string;
  at: number;
  /** HTTP status, or 0 when the endpoint could not be reached. */
  status: number;
}

export interface WebhookSettings {
  url: string | null;
  secret: string;
  /** Waits before each retry; the event is given up after the last one. */
  retryDelaysMs: readonly number[];
}

export function signPayload(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

const clone = <T>(value: T): T => structuredClone(value);

export class EventBus {
  readonly attempts: DeliveryAttempt[] = [];
  #timers = new Set<NodeJS.Timeout>();
  #queue: Promise<void> = Promise.resolve();
  #closed = false;

  constructor(
    private readonly store: PaymentsStore,
    readonly webhook: WebhookSettings,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Records the event (a snapshot of the object as it is now) and queues its delivery. */
  publish(type: string, object: StripeObject, previous?: Record<string, unknown>): StripeEvent {
    const cause = currentRequest();
    const event: StripeEvent = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: nowSeconds(),
      type,
      data: { object: clone(object), ...(previous ? { previous_attributes: clone(previous) } : {}) },
      livemode: false,
      pending_webhooks: this.webhook.url ? 1 : 0,
      request: { id: cause?.id ?? null, idempotency_key: cause?.idempotencyKey ?? null },
    };
    this.store.insert('event', event);
    // Without an endpoint now, the event is only stored (the seeded history is never delivered later).
    if (this.webhook.url) this.deliver(event, 0);
    return event;
  }

  /** Sends a stored event again (the admin "resend" route). */
  resend(event: StripeEvent): void {
    this.deliver(event, 0);
  }

  /** Resolves when every delivery queued so far has been attempted once (retries may still be pending). */
  settled(): Promise<void> {
    return this.#queue;
  }

  close(): void {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  private deliver(event: StripeEvent, attempt: number): void {
    // One delivery at a time, in publication order: the common case is in order, retries are not.
    this.#queue = this.#queue.then(() => this.attempt(event, attempt));
  }

  private async attempt(event: StripeEvent, attempt: number): Promise<void> {
    const { url, secret, retryDelaysMs } = this.webhook;
    if (!url || this.#closed) return;
    const payload = JSON.stringify(event, null, 2);
    let status = 0;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': signPayload(payload, secret),
          'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.body?.cancel();
    } catch (error) {
      this.log.warn({ event: event.id, err: error }, 'payments emulator: webhook endpoint unreachable');
    }
    this.attempts.push({ event: event.id, type: event.type, at: Date.now(), status });
    if (status >= 200 && status < 300) {
      // The stored event (GET /v1/events) stops counting this endpoint as pending.
      event.pending_webhooks = 0;
      this.store.changed();
      return;
    }
    const delay = retryDelaysMs[attempt];
    if (delay === undefined || this.#closed) {
      this.log.warn({ event: event.id, status }, 'payments emulator: webhook delivery given up');
      return;
    }
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      this.deliver(event, attempt + 1);
    }, delay);
    timer.unref();
    this.#timers.add(timer);
  }
}
