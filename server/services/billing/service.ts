import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { CancelRequest, CancelResponse } from '../../../contract/billing';
import { type CheckoutPlanName, PLANS, type PlanId, TRIAL_DAYS } from '../../../contract/plans';
import type { BillingSubscriptionRow } from '../../db/schema';
import { HttpError, notFound } from '../../lib/http-errors';
import type { AuditLog } from '../audit-log';
import { INVOICES_SHOWN, ProviderCache } from './cache';
import { OneLiveSubscription } from './one-live-subscription';
import {
  customerValues,
  idOf,
  isResourceMissing,
  type ProviderCall,
  ProviderError,
  providerCall,
  subscriptionValues,
} from './provider';
import { type BillingRepository, currentSubscription, LIVE_STATUSES } from './repository';

/** The user's customer turned out to be deleted at the provider (see BillingService.withCustomer). */
class CustomerDeleted extends Error {
  constructor(readonly customerId: string) {
    super(`customer ${customerId} was deleted at the payment provider`);
  }
}

/**
 * Who a billing call acts for: always the signed-in account, by its id. The (lowercased) address is what a new
 * provider customer gets; a confirmed one may find the provider customer made for it before (linked once).
 */
export type BillingUser = { id: string; email: string; emailVerified: boolean };

/** A re-read from the provider is skipped when the cache is younger than this (the 3 s portal-return poll). */
const SYNC_FRESH_MS = 10_000;
const ABSENT_CUSTOMER_TTL_MS = 60_000;

export const existingSubscription = () =>
  new HttpError(
    409,
    'existing_subscription',
    'You already have a subscription. Manage it in the billing portal.',
  );

/** The checkout name of a cached row (pro_monthly), split. */
function planOf(row: BillingSubscriptionRow | null): { plan: PlanId | null; interval: string | null } {
  const [plan, interval] = row?.lookupKey?.split('_') ?? [];
  return { plan: plan && plan in PLANS ? (plan as PlanId) : null, interval: interval ?? null };
}

function newestLive(subscriptions: Stripe.Subscription[]): Stripe.Subscription | null {
  const live = subscriptions.filter((subscription) => LIVE_STATUSES.has(subscription.status));
  return live.sort((a, b) => b.created - a.created)[0] ?? null;
}

const iso = (date: Date | null | undefined) => date?.toISOString() ?? null;

/** The subscription as billing info and sync answer it. */
export function subscriptionView(row: BillingSubscriptionRow | null) {
  if (!row) return null;
  const { plan, interval } = planOf(row);
  return {
    id: row.subscriptionId,
    plan,
    plan_label: plan ? PLANS[plan].label : null,
    interval,
    billing_interval: interval,
    status: row.status,
    cancel_at_period_end: row.cancelAtPeriodEnd,
    cancel_at: iso(row.cancelAt),
    current_period_end: iso(row.currentPeriodEnd),
    trial_end: iso(row.trialEnd),
  };
}

/**
 * Billing against the payment provider for one signed-in user at a time. Every call finds the account's own
 * customer by the account's id (our row, pinned; then the provider customer carrying it in `metadata.user_id`) —
 * never from an id the browser sends, nor from an address alone — and writes what it learns to the cache that
 * billing info is read from.
 */
export class BillingService {
  #prices = new Map<string, string>();
  /**
   * Account, address and whether it is confirmed -> until when "no customer at the provider" is believed (see
   * customerOf): a confirmed or changed address may find a customer the older lookup could not link.
   */
  #absent = new Map<string, number>();
  private readonly call: ProviderCall;
  private readonly cache: ProviderCache;

  /** The same cache, read with the webhook client: one short attempt per call (WEBHOOK_PATIENCE). */
  private readonly webhookCache: ProviderCache;

  private readonly oneLive: OneLiveSubscription;

  constructor(
    private readonly stripe: Stripe,
    private readonly webhookStripe: Stripe,
    readonly repo: BillingRepository,
    audit: AuditLog,
    private readonly options: { publicUrl: URL; trustedOrigins: Set<string>; webhookSecret: string },
    log: FastifyBaseLogger,
  ) {
    this.call = providerCall(log);
    this.cache = new ProviderCache(stripe, repo, this.call, log);
    this.webhookCache = new ProviderCache(webhookStripe, repo, this.call, log);
    this.oneLive = new OneLiveSubscription(audit, this.call);
  }

  // Reading.

  async info(user: BillingUser) {
    const fresh = await this.cachedCustomer(user);
    const rows = fresh ? await this.repo.subscriptions(fresh.customerId) : [];
    const current = currentSubscription(rows);
    const invoices = fresh ? await this.repo.invoices(fresh.customerId, INVOICES_SHOWN) : [];
    const view = subscriptionView(current);
    const hasCard = Boolean(fresh?.hasDefaultPaymentMethod || current?.hasPaymentMethod);
    const live = current !== null && LIVE_STATUSES.has(current.status);
    const trialEnded = current?.trialEnd != null && current.trialEnd.getTime() <= Date.now();
    const nextBilling =
      live && !current.cancelAtPeriodEnd
        ? current.status === 'trialing'
          ? current.trialEnd
          : current.currentPeriodEnd
        : null;
    return {
      subscription: view,
      customerId: fresh?.customerId ?? null,
      trial_ends_at: iso(current?.trialEnd),
      trial_end: iso(current?.trialEnd),
      nextBillingDate: iso(nextBilling),
      next_billing_at: iso(nextBilling),
      // A trial that ended without a payment method asks for one [product: BILL-3, BILL-4].
      payment_required: live && trialEnded && !hasCard,
      has_default_payment_method: hasCard,
      limits: view ? { plan_label: view.plan_label, billing_interval: view.billing_interval } : null,
      invoices: invoices.map((invoice) => ({
        id: invoice.invoiceId,
        number: invoice.number,
        created: Math.floor(invoice.providerCreated.getTime() / 1000),
        amount_paid: invoice.amountPaid,
        amount_due: invoice.amountDue,
        currency: invoice.currency,
        status: invoice.status,
        invoice_pdf: invoice.invoicePdf,
        hosted_invoice_url: invoice.hostedInvoiceUrl,
      })),
    };
  }

  async trial(user: BillingUser) {
    const customer = await this.cachedCustomer(user);
    const current = customer ? currentSubscription(await this.repo.subscriptions(customer.customerId)) : null;
    return { trial_ends_at: iso(current?.trialEnd), subscription_status: current?.status ?? null };
  }

  /**
   * Webhook health: the newest event about the user's own customer (`account`), or, for an admin, of the whole
   * system (`system`). The page says the event in words and the time in the user's own format and zone.
   */
  async health(user: BillingUser, scope: 'account' | 'system') {
    const customer = scope === 'account' ? await this.customerOf(user, false) : null;
    const last =
      scope === 'system'
        ? await this.repo.lastEvent()
        : customer
          ? await this.repo.lastEvent(customer.customerId)
          : null;
    return {
      ok: last !== null,
      scope,
      last_event_id: last?.eventId ?? null,
      last_event_type: last?.type ?? null,
      last_received_at: iso(last?.receivedAt),
      message: last
        ? null
        : scope === 'system'
          ? 'No webhook events received yet.'
          : 'No payment events for your account yet.',
      ...(scope === 'system'
        ? {
            unapplied_events: (await this.repo.unappliedEvents()).map((row) => ({
              id: row.eventId,
              type: row.type,
              failure: row.failure ?? '',
              received_at: row.receivedAt.toISOString(),
            })),
          }
        : {}),
    };
  }

  /**
   * Re-reads the user's subscriptions from the provider (after a checkout, with its session id; after a portal
   * visit, without). Without a session id, a cache younger than 10 s is answered as it is, so the 3 s poll after a
   * portal visit costs at most one provider call per 10 s; webhooks keep the cache current in between.
   */
  async sync(user: BillingUser, sessionId?: string) {
    const customer = await this.customerOf(user, false);
    if (sessionId) {
      const session = await this.call(() => this.stripe.checkout.sessions.retrieve(sessionId)).catch(
        (error) => {
          if (error instanceof ProviderError && isResourceMissing(error.cause)) {
            throw notFound('No such checkout session.');
          }
          throw error;
        },
      );
      // Someone else's checkout session is "not found", not "forbidden": its existence is not ours to confirm.
      if (!customer || idOf(session.customer) !== customer.customerId)
        throw notFound('No such checkout session.');
    }
    if (customer) {
      // Back from a paid Checkout: the customer keeps one live subscription (its webhook does the same).
      if (sessionId) await this.oneLive.settle(this.stripe, customer.customerId);
      const fresh = customer.syncedAt && Date.now() - customer.syncedAt.getTime() < SYNC_FRESH_MS;
      if (sessionId || !fresh) await this.cache.syncCustomer(customer.customerId);
    }
    const rows = customer ? await this.repo.subscriptions(customer.customerId) : [];
    return { subscription: subscriptionView(currentSubscription(rows)) };
  }

  // Changing.

  async checkout(user: BillingUser, planName: CheckoutPlanName): Promise<{ url: string }> {
    const price = await this.priceId(planName);
    const origin = this.options.publicUrl.origin;
    return this.withCustomer(user, async (customerId) => {
      if (!(await this.cache.syncCustomer(customerId))) throw new CustomerDeleted(customerId);
      const current = currentSubscription(await this.repo.subscriptions(customerId));
      if (current && LIVE_STATUSES.has(current.status)) throw existingSubscription();
      // Only the newest Checkout can be paid: two open ones would become two subscriptions.
      for (const open of await this.openCheckouts(customerId))
        await this.call(() => this.stripe.checkout.sessions.expire(open.id));
      const session = await this.call(() =>
        this.stripe.checkout.sessions.create({
          mode: 'subscription',
          customer: customerId,
          client_reference_id: user.id,
          line_items: [{ price, quantity: 1 }],
          success_url: `${origin}/Billing?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${origin}/Billing`,
          subscription_data: { metadata: { user_id: user.id } },
        }),
      );
      if (!session.url) throw new ProviderError(new Error('checkout session without url'));
      return { url: session.url };
    });
  }

  /** The portal for the user's own customer; `returnUrl` must be on one of our own origins (no open redirect). */
  async portal(user: BillingUser, returnUrl: string | undefined): Promise<{ url: string }> {
    // The provider gets the address as we parsed and checked it, never the raw text (which another parser may read
    // differently: `http://ours\\@evil.example`).
    const target = new URL(returnUrl ?? `${this.options.publicUrl.origin}/Billing`);
    if (!this.options.trustedOrigins.has(target.origin)) {
      throw new HttpError(422, 'validation_failed', 'Please check the fields and try again.', {
        return_url: ['return_url must be an address of this site.'],
      });
    }
    const session = await this.withCustomer(user, (customerId) =>
      this.call(() =>
        this.stripe.billingPortal.sessions.create({ customer: customerId, return_url: target.href }),
      ),
    );
    return { url: session.url };
  }

  async cancel(user: BillingUser, request: CancelRequest): Promise<CancelResponse> {
    const subscriptions = await this.providerSubscriptions(user);
    if (subscriptions.length === 0) return { canceled: false, error: 'There is no subscription to cancel.' };
    const current = newestLive(subscriptions);
    if (!current) return { canceled: false, alreadyCanceled: true };
    const details = { comment: request.comment || null, feedback: request.reason };
    const readAt = new Date();
    if (request.cancelNow) {
      const canceled = await this.call(() =>
        this.stripe.subscriptions.cancel(current.id, { cancellation_details: details }),
      );
      await this.repo.saveSubscription(subscriptionValues(canceled, readAt));
      return { canceled: true, canceledImmediately: true };
    }
    if (current.cancel_at_period_end) return { canceled: false, alreadyScheduled: true };
    const updated = await this.call(() =>
      this.stripe.subscriptions.update(current.id, {
        cancel_at_period_end: true,
        cancellation_details: details,
      }),
    );
    await this.repo.saveSubscription(subscriptionValues(updated, readAt));
    return { canceled: true, canceledImmediately: false };
  }

  async changePlan(user: BillingUser, planName: CheckoutPlanName) {
    const current = newestLive(await this.providerSubscriptions(user));
    if (!current) {
      throw new HttpError(
        409,
        'no_subscription',
        'There is no subscription to change. Choose a plan to subscribe.',
      );
    }
    const item = current.items.data[0];
    const price = await this.priceId(planName);
    if (!item || item.price.id === price) return { changed: false, subscription: subscriptionView(null) };
    const readAt = new Date();
    const updated = await this.call(() =>
      this.stripe.subscriptions.update(current.id, {
        items: [{ id: item.id, price }],
        proration_behavior: 'create_prorations',
      }),
    );
    const values = subscriptionValues(updated, readAt);
    await this.repo.saveSubscription(values);
    return {
      changed: true,
      subscription: subscriptionView({ ...values, updatedAt: new Date() } as BillingSubscriptionRow),
    };
  }

  /**
   * The beta's 14-day trial, without a card, for an account's new signup record: a customer and a trialing
   * subscription on the plan the person chose. Idempotent per account (an existing subscription is kept).
   */
  async startTrial(user: BillingUser, signup: { plan: PlanId; interval: 'monthly' | 'annual' }) {
    const customer = await this.customerOf(user, true);
    if (!customer) throw new Error('customerOf(create) returned no customer');
    const existing = await this.call(() =>
      this.stripe.subscriptions.list({ customer: customer.customerId, status: 'all', limit: 1 }),
    );
    if (existing.data.length > 0) return;
    // A Checkout under way is the subscription this person chose; a trial beside it would be a second one.
    if ((await this.openCheckouts(customer.customerId)).length > 0) return;
    const price = await this.priceId(`${signup.plan}_${signup.interval === 'annual' ? 'yearly' : 'monthly'}`);
    const readAt = new Date();
    const subscription = await this.call(() =>
      this.stripe.subscriptions.create(
        {
          customer: customer.customerId,
          items: [{ price }],
          trial_period_days: TRIAL_DAYS,
          trial_settings: { end_behavior: { missing_payment_method: 'create_invoice' } },
          metadata: { source: 'beta_signup' },
        },
        { idempotencyKey: `beta-trial-${customer.customerId}` },
      ),
    );
    await this.repo.saveSubscription(subscriptionValues(subscription, readAt));
  }

  // Webhooks.

  /** Verifies the signature (300 s tolerance); throws on a bad one. */
  verify(rawBody: Buffer, signature: string): Stripe.Event {
    return this.stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret, 300);
  }

  /**
   * Applies one event (see ProviderCache.handle); false for a duplicate. A completed Checkout first settles the
   * customer on one live subscription (OneLiveSubscription), so the cache then stores the outcome; if that fails,
   * nothing is recorded and the provider redelivers.
   */
  async handle(event: Stripe.Event): Promise<boolean> {
    if (event.type === 'checkout.session.completed' && !(await this.repo.hasEvent(event.id))) {
      const customerId = idOf(event.data.object.customer);
      if (customerId) await this.oneLive.settle(this.webhookStripe, customerId);
    }
    return this.webhookCache.handle(event);
  }

  // Helpers.

  /**
   * Runs `use` with the user's customer (made when there is none). A customer deleted at the provider while we
   * have not heard of it yet (the webhook still on its way) is forgotten, and `use` runs once more with a new
   * one: Stripe answers `resource_missing` naming `customer` for it, or syncing finds it deleted.
   */
  private async withCustomer<T>(user: BillingUser, use: (customerId: string) => Promise<T>): Promise<T> {
    const customer = await this.customerOf(user, true);
    if (!customer) throw new Error('customerOf(create) returned no customer');
    try {
      return await use(customer.customerId);
    } catch (error) {
      const deleted =
        error instanceof CustomerDeleted ||
        (error instanceof ProviderError &&
          isResourceMissing(error.cause) &&
          (error.cause as { param?: string }).param === 'customer');
      if (!deleted) throw error;
      await this.repo.forgetCustomer(customer.customerId);
      const replacement = await this.customerOf(user, true, customer.customerId);
      if (!replacement) throw new Error('customerOf(create) returned no customer');
      return use(replacement.customerId);
    }
  }

  /**
   * The account's own customer: our row pinned to the account; else, at the provider, the customer carrying the
   * account's id in `metadata.user_id`, or one made for the account's confirmed address before it was linked to
   * anyone (linked now, at most once: its metadata and our row pin it); else (when `create`) a new one, made with
   * the account's id. The creation's idempotency key is the account's id (with the same parameters every time), so
   * racing requests make one customer; a customer that replaces a deleted one (`replacing`) gets a key of its own,
   * or the key would answer the deleted one again. A lookup that finds none is remembered for a minute, so that
   * polling by a user without a customer does not call the provider each time.
   */
  private async customerOf(user: BillingUser, create: boolean, replacing?: string) {
    const pinned = await this.repo.customerOfUser(user.id);
    if (pinned) return pinned;
    const email = user.email.toLowerCase();
    const absentKey = `${user.id} ${email} ${user.emailVerified}`;
    if (!create && (this.#absent.get(absentKey) ?? 0) > Date.now()) return null;
    const readAt = new Date();
    const found = await this.call(() => this.stripe.customers.list({ email, limit: 10 }));
    let customer =
      found.data.find((candidate) => candidate.metadata?.user_id === user.id) ??
      (user.emailVerified ? await this.unlinked(found.data) : undefined);
    if (customer && customer.metadata?.user_id !== user.id) {
      const { id } = customer;
      customer = await this.call(() => this.stripe.customers.update(id, { metadata: { user_id: user.id } }));
    }
    if (!customer && create) {
      customer = await this.call(() =>
        this.stripe.customers.create(
          { email, metadata: { user_id: user.id } },
          { idempotencyKey: replacing ? `customer-${user.id}-after-${replacing}` : `customer-${user.id}` },
        ),
      );
    }
    const values = customer ? customerValues(customer, readAt) : null;
    if (!values) {
      this.#absent.set(absentKey, Date.now() + ABSENT_CUSTOMER_TTL_MS);
      return null;
    }
    this.#absent.delete(absentKey);
    return this.repo.pin(values, user.id);
  }

  /** The first of these provider customers that no account has claimed (no `metadata.user_id`, no row of ours). */
  private async unlinked(customers: Stripe.Customer[]): Promise<Stripe.Customer | undefined> {
    for (const customer of customers) {
      if (customer.metadata?.user_id) continue;
      const row = await this.repo.customerById(customer.id);
      if (!row?.userId) return customer;
    }
    return undefined;
  }

  /**
   * After the auth service changed the account's address: the provider customer's e-mail follows (receipts, invoices
   * and the provider's own e-mail sign-in go to the new address, not to whoever holds the old one next). Called at
   * every sign-in and refresh: a change the provider failed is tried again; one made at the provider is left alone
   * (only an address of the account that the customer was not given yet is sent). Nothing else moves: the customer
   * stays the account's, by id.
   */
  async followAddress(user: BillingUser): Promise<void> {
    const customer = await this.repo.customerOfUser(user.id);
    if (!customer || (customer.accountEmail ?? customer.email) === user.email) return;
    await this.call(() => this.stripe.customers.update(customer.customerId, { email: user.email }));
    await this.repo.setCustomerEmail(customer.customerId, user.email);
  }

  /** The user's customer row with its cache filled (the first read of a customer syncs it once). */
  private async cachedCustomer(user: BillingUser) {
    const customer = await this.customerOf(user, false);
    if (!customer || customer.syncedAt) return customer;
    await this.cache.syncCustomer(customer.customerId);
    return this.repo.customerById(customer.customerId);
  }

  /** The user's subscriptions as the provider has them now (changes act on fresh state, not on the cache). */
  private async providerSubscriptions(user: BillingUser): Promise<Stripe.Subscription[]> {
    const customer = await this.customerOf(user, false);
    if (!customer) return [];
    const list = await this.call(() =>
      this.stripe.subscriptions.list({ customer: customer.customerId, status: 'all', limit: 20 }),
    );
    return list.data;
  }

  private async openCheckouts(customerId: string): Promise<Stripe.Checkout.Session[]> {
    const sessions = await this.call(() =>
      this.stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 10 }),
    );
    return sessions.data.filter((session) => session.status === 'open');
  }

  /** The price with this lookup key (starter_monthly ...), looked up once per process. */
  private async priceId(lookupKey: string): Promise<string> {
    const known = this.#prices.get(lookupKey);
    if (known) return known;
    const prices = await this.call(() =>
      this.stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }),
    );
    const price = prices.data[0];
    if (!price) throw new ProviderError(new Error(`no active price with lookup key ${lookupKey}`));
    this.#prices.set(lookupKey, price.id);
    return price.id;
  }
}
