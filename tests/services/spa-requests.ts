import { expect, vi } from 'vitest';
import { type AppIO, flowRegistry } from '../../src/app/flows';
import { createProductApi } from '../../src/services/api';
import { createApiClient } from '../../src/services/api/client';
import type { AuthService } from '../../src/services/auth-service';
import type { SessionTabs } from '../../src/services/session-tabs';
import { fakePage } from './doubles';

/**
 * Every request the SPA makes to the product API, one row per port method of a flow that reaches it: how the flow's
 * I/O is called, the HTTP request that must leave the browser (method, path, query, JSON body), an answer the
 * server may give, and what the I/O then answers its machine. The flows' I/O unit tests (flow-io.test.ts) and the
 * SPA-server contract test (tests/server/spa-endpoints.test.ts) both read it.
 */

/** A request as it left the browser. */
export interface SentRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  body: unknown;
}

export interface SpaRequest {
  /** `<flow>.<port method>`. */
  name: string;
  call: (io: AppIO) => Promise<unknown>;
  request: { method: string; path: string; query?: Record<string, string>; body?: unknown };
  /** The server's JSON answer (200); `null` answers an empty body. */
  answer: unknown;
  /** What the I/O answers its machine for it. */
  output: unknown;
  /** False when the I/O turns a refusal into an answer of its own (checked on its own in flow-io.test.ts). */
  rejectsOnError?: boolean;
}

const USER = { id: 'user-1', email: 'casey@example.com', full_name: 'Casey Jones', company: 'Acme' };
const FLAGS = { has_signup: true, onboarding_required: false };
const SUBSCRIPTION = {
  id: 'sub_1',
  plan: 'pro',
  interval: 'monthly',
  status: 'active',
  cancel_at_period_end: false,
  current_period_end: '2026-12-20T00:00:00.000Z',
};
const SIGNUP = {
  name: 'Casey Jones',
  email: 'casey@example.com',
  company: 'Acme',
  company_size: '1-10',
  plan: 'pro',
  interval: 'monthly',
} as const;
const CONTACT = { name: 'Casey', email: 'casey@example.com', company: null, message: 'Hello' };
const REVERSAL = {
  id: 'rev_1',
  payment_intent_id: 'pi_1',
  session_id: null,
  customer_email: 'casey@example.com',
  refund_id: 're_1',
  subscription_id: 'sub_1',
  amount_refunded: 5900,
  currency: 'usd',
  notes: null,
  processed_by: 'admin@example.com',
  created_date: '2026-11-20T10:00:00.000Z',
  completed: true,
};

/** The access token the auth service gives for the password typed again (step-up). */
const STEP_UP_TOKEN = 'step-up-access-token';

export const SPA_REQUESTS: SpaRequest[] = [
  {
    name: 'session.loadUser',
    call: (io) => io.session.loadUser(),
    request: { method: 'GET', path: '/api/auth/me', query: { include_flags: 'true' } },
    answer: { ...USER, ...FLAGS },
    output: { user: expect.objectContaining(USER), flags: FLAGS, authSessionId: null },
  },
  {
    name: 'session.signIn',
    call: (io) => io.session.signIn({ accessToken: 'token-1', authSessionId: null }),
    request: { method: 'POST', path: '/api/auth/sso/supabase', body: { token: 'token-1' } },
    answer: { ...USER, ...FLAGS },
    output: { user: expect.objectContaining(USER), flags: FLAGS, authSessionId: null },
  },
  {
    name: 'session.refreshSession',
    call: (io) => io.session.refreshSession({ accessToken: 'token-2', authSessionId: 'auth-1' }),
    request: { method: 'POST', path: '/api/auth/refresh', body: { token: 'token-2' } },
    answer: { ...USER, ...FLAGS },
    output: { user: expect.objectContaining(USER), flags: FLAGS, authSessionId: 'auth-1' },
  },
  {
    name: 'session.serverLogout',
    call: (io) => io.session.serverLogout(),
    request: { method: 'POST', path: '/api/auth/logout', body: {} },
    answer: null,
    output: undefined,
  },
  {
    name: 'settings.loadCurrentUser',
    call: (io) => io.settings.loadCurrentUser(),
    request: { method: 'GET', path: '/api/auth/me' },
    answer: USER,
    output: expect.objectContaining(USER),
  },
  {
    name: 'settings.saveSettings',
    call: (io) => io.settings.saveSettings({ theme: 'dark' }),
    request: { method: 'PATCH', path: '/api/auth/me', body: { settings: { theme: 'dark' } } },
    answer: { ...USER, settings: { theme: 'dark' } },
    output: expect.objectContaining({ theme: 'dark', timezone: 'UTC' }),
  },
  {
    name: 'profile.updateProfile',
    call: (io) => io.profile.updateProfile({ company: 'Ace', bio: '', phone: '+1 555', location: '' }),
    request: {
      method: 'PATCH',
      path: '/api/auth/me',
      body: { company: 'Ace', bio: '', phone: '+1 555', location: '' },
    },
    answer: { ...USER, company: 'Ace', phone: '+1 555' },
    output: expect.objectContaining({ company: 'Ace', phone: '+1 555' }),
  },
  {
    name: 'dashboardLink.refreshIdentity',
    call: (io) => io.dashboardLink.refreshIdentity(),
    request: { method: 'GET', path: '/api/auth/me' },
    answer: USER,
    output: expect.objectContaining(USER),
  },
  {
    name: 'billing.loadInfo',
    call: (io) => io.billing.loadInfo(),
    request: { method: 'GET', path: '/api/billing/info' },
    answer: { subscription: SUBSCRIPTION, invoices: [] },
    output: expect.objectContaining({ subscription: expect.objectContaining({ id: 'sub_1' }) }),
  },
  {
    name: 'billing.loadWebhookHealth',
    call: (io) => io.billing.loadWebhookHealth(),
    request: { method: 'GET', path: '/api/billing/health' },
    answer: { ok: true, scope: 'account', last_event_type: 'invoice.paid' },
    output: expect.objectContaining({ ok: true, last_event_type: 'invoice.paid' }),
    // Two more addresses are tried, then it answers null (tests/services/billing-io.test.ts).
    rejectsOnError: false,
  },
  {
    name: 'billing.syncSubscription',
    call: (io) => io.billing.syncSubscription({ sessionId: 'cs_test_1' }),
    request: { method: 'POST', path: '/api/billing/sync', body: { sessionId: 'cs_test_1' } },
    answer: { subscription: SUBSCRIPTION },
    output: undefined,
  },
  {
    name: 'changePlan.changePlan',
    call: (io) => io.changePlan.changePlan({ planName: 'pro_yearly' }),
    request: { method: 'POST', path: '/api/billing/change-plan', body: { planName: 'pro_yearly' } },
    answer: { changed: true, subscription: SUBSCRIPTION },
    output: { noSubscription: false, changed: true },
  },
  {
    name: 'changePlan.createCheckoutSession',
    call: (io) => io.changePlan.createCheckoutSession({ planName: 'starter_monthly' }),
    request: { method: 'POST', path: '/api/billing/checkout-session', body: { planName: 'starter_monthly' } },
    answer: { url: 'https://pay.example/cs_1' },
    output: { existingSubscription: false, url: 'https://pay.example/cs_1' },
  },
  {
    name: 'pricingAction.createCheckoutSession',
    call: (io) => io.pricingAction.createCheckoutSession({ planName: 'business_yearly' }),
    request: { method: 'POST', path: '/api/billing/checkout-session', body: { planName: 'business_yearly' } },
    answer: { url: '' },
    output: { existingSubscription: false, url: null },
  },
  {
    name: 'cancellation.cancelSubscription',
    call: (io) =>
      io.cancellation.cancelSubscription({ reason: 'too_expensive', comment: 'Pricey', cancelNow: false }),
    request: {
      method: 'POST',
      path: '/api/billing/cancel',
      body: { reason: 'too_expensive', comment: 'Pricey', cancelNow: false },
    },
    answer: { canceled: true },
    output: expect.objectContaining({ canceled: true }),
  },
  {
    name: 'refund.reverse',
    call: (io) => io.refund.reverse({ paymentIntentId: 'pi_1', notes: 'Duplicate' }),
    request: {
      method: 'POST',
      path: '/api/admin/refunds/reverse',
      body: { paymentIntentId: 'pi_1', notes: 'Duplicate' },
    },
    answer: { processed: true },
    output: { processed: true, alreadyProcessed: false },
    // A refusal with a text is an answer: its text is shown [product: MSG-REFUND-3] (flow-io.test.ts).
    rejectsOnError: false,
  },
  {
    // Step-up [product: REFUND-16]: the token of the password typed again, handed to the server.
    name: 'refund.confirmIdentity',
    call: (io) => io.refund.confirmIdentity({ password: 'correct horse battery' }),
    request: { method: 'POST', path: '/api/auth/step-up', body: { token: STEP_UP_TOKEN } },
    answer: { authenticatedAt: '2026-11-27T15:00:00.000Z' },
    output: undefined,
  },
  {
    name: 'refund.loadReversals',
    call: (io) => io.refund.loadReversals(),
    request: { method: 'GET', path: '/api/admin/refunds' },
    answer: { reversals: [REVERSAL] },
    output: [expect.objectContaining({ id: 'rev_1' })],
  },
  {
    name: 'landingAddress.syncSubscription',
    call: (io) => io.landingAddress.syncSubscription({ sessionId: 'cs_test_2' }),
    request: { method: 'POST', path: '/api/billing/sync', body: { sessionId: 'cs_test_2' } },
    answer: { subscription: null },
    output: { subscription: null },
  },
  {
    name: 'landingAccount.lookupTrial',
    call: (io) => io.landingAccount.lookupTrial(),
    request: { method: 'GET', path: '/api/billing/trial' },
    answer: { trial_ends_at: '2026-12-01T00:00:00.000Z', subscription_status: 'trialing' },
    output: expect.objectContaining({ subscription_status: 'trialing' }),
  },
  {
    name: 'portal.openPortal',
    call: (io) => io.portal.openPortal(),
    request: {
      method: 'POST',
      path: '/api/billing/portal',
      body: { return_url: 'https://app.example/Billing' },
    },
    answer: { url: 'https://pay.example/portal' },
    output: 'https://pay.example/portal',
  },
  {
    name: 'contact.sendContact',
    call: (io) => io.contact.sendContact(CONTACT),
    request: { method: 'POST', path: '/api/contact', body: CONTACT },
    answer: { id: 7, created_date: '2026-11-27T10:00:00.000Z' },
    output: { id: 7, created_date: '2026-11-27T10:00:00.000Z' },
  },
  {
    name: 'onboarding.createSignup',
    call: (io) => io.onboarding.createSignup({ ...SIGNUP, email: ' Casey@Example.com ' }),
    request: {
      method: 'POST',
      path: '/api/signups',
      body: { ...SIGNUP, normalized_email: 'casey@example.com' },
    },
    answer: { ...SIGNUP, id: 's1', normalized_email: 'casey@example.com' },
    output: expect.objectContaining({ id: 's1' }),
  },
  {
    name: 'signup.findSignup',
    call: (io) => io.signup.findSignup({ email: ' Casey@Example.com ' }),
    request: { method: 'GET', path: '/api/signups', query: { email: 'casey@example.com' } },
    answer: [{ ...SIGNUP, normalized_email: 'casey@example.com' }],
    output: true,
  },
];

/** An answer of the fetch double: a JSON body, or a text one, with its status. */
export type Answer = { status: number; statusText?: string; json?: unknown; text?: string };

/**
 * Every flow's I/O as the registry (src/app/flows.ts) makes it, over the real product API client, whose fetch is a
 * double that records each request and answers with `answer(request)`. The page is a recording double at
 * https://app.example/Landing; the auth service and the other tabs are stand-ins no API request touches.
 */
export function flowsOverFetch(answer: (request: SentRequest) => Answer) {
  const sent: SentRequest[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const recorded: SentRequest = {
      method: request.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      body: text === '' ? undefined : JSON.parse(text),
    };
    sent.push(recorded);
    const { status, statusText, json, text: plain } = answer(recorded);
    const body = json === undefined ? (plain ?? '') : JSON.stringify(json);
    return new Response(status === 204 ? null : body, {
      status,
      ...(statusText ? { statusText } : {}),
      headers: { 'content-type': plain === undefined ? 'application/json' : 'text/plain' },
    });
  });
  const client = createApiClient({
    baseUrl: 'https://app.example',
    fetch: fetch as unknown as typeof globalThis.fetch,
    readCookies: () => 'beacon_csrf=token-1',
    getRetries: 0,
  });
  const page = fakePage();
  const authService = {
    client: async () => null,
    signOut: async () => {},
    // The password checked by the auth service on the side gives this token (tests/services/refund-io.test.ts).
    reauthenticate: (_password: string, use: (token: string) => Promise<void>) => use(STEP_UP_TOKEN),
  } as unknown as AuthService;
  const tabs = { signedIn: vi.fn(), signedOut: vi.fn() } as unknown as SessionTabs;
  const deps = { api: createProductApi(client, {}), authService, tabs, page };
  const io = Object.fromEntries(
    Object.entries(flowRegistry).map(([name, entry]) => [name, entry.io(deps)]),
  ) as unknown as AppIO;
  return { io, sent, page };
}
