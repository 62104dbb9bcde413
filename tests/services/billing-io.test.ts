import { describe, expect, it, vi } from 'vitest';
import { createBillingApi } from '../../src/services/api/billing';
import { createApiClient } from '../../src/services/api/client';
import { createBillingIO } from '../../src/services/billing-io';
import { createPortalIO } from '../../src/services/portal-io';
import { PORTAL_RETURN_KEY } from '../../src/services/storage';
import { fakePage } from './doubles';

/** A fetch double answering by path; anything unlisted answers 404. */
function server(routes: Record<string, () => Response>) {
  const paths: string[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const { pathname } = new URL(request.url);
    paths.push(`${request.method} ${pathname}`);
    const answer = routes[`${request.method} ${pathname}`];
    return answer ? answer() : json({ message: 'Not found' }, 404);
  });
  const client = createApiClient({
    baseUrl: 'https://app.example',
    fetch: fetch as unknown as typeof globalThis.fetch,
    readCookies: () => 'beacon_csrf=token-1',
    getRetries: 0,
  });
  return { api: createBillingApi(client), paths };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const HEALTH = {
  ok: true,
  scope: 'account',
  last_event_id: 'evt_1',
  last_event_type: 'invoice.paid',
  last_received_at: '2026-11-23T10:00:00.000Z',
  message: null,
};

describe('webhook health [product: BILL-13]', () => {
  it('asks /billing/health, then /webhooks/health, then /webhooks/stripe/health, taking the first answer', async () => {
    const { api, paths } = server({ 'GET /api/webhooks/stripe/health': () => json(HEALTH) });
    expect(await api.webhookHealth()).toEqual(HEALTH);
    expect(paths).toEqual([
      'GET /api/billing/health',
      'GET /api/webhooks/health',
      'GET /api/webhooks/stripe/health',
    ]);
  });

  it('stops at the first address that answers', async () => {
    const { api, paths } = server({ 'GET /api/billing/health': () => json(HEALTH) });
    expect(await api.webhookHealth()).toEqual(HEALTH);
    expect(paths).toEqual(['GET /api/billing/health']);
  });

  it('is null data when all three fail', async () => {
    const { api } = server({ 'GET /api/billing/health': () => json({ message: 'boom' }, 500) });
    expect(await api.webhookHealth()).toBeNull();
  });
});

describe('checkout and plan change answers [product: BILL-12, BILL-16]', () => {
  it('reads a 409 existing_subscription from checkout as "use the portal"', async () => {
    const { api } = server({
      'POST /api/billing/checkout-session': () =>
        json({ message: 'exists', code: 'existing_subscription', error: 'existing_subscription' }, 409),
    });
    expect(await api.createCheckoutSession('pro_monthly')).toEqual({ existingSubscription: true });
  });

  it('passes other checkout failures on', async () => {
    const { api } = server({ 'POST /api/billing/checkout-session': () => json({ message: 'down' }, 502) });
    await expect(api.createCheckoutSession('pro_monthly')).rejects.toMatchObject({ status: 502 });
  });

  it('reads 409 no_subscription from change-plan as "no subscription to change"', async () => {
    const { api } = server({
      'POST /api/billing/change-plan': () => json({ message: 'none', code: 'no_subscription' }, 409),
    });
    expect(await api.changePlan('starter_monthly')).toEqual({ noSubscription: true });
  });
});

describe('arrival on the billing page [product: BILL-8]', () => {
  const billingAt = (href: string) =>
    createBillingIO({ api: { billing: server({}).api } as never, page: fakePage(href) });

  it('comes from Checkout when the address carries its session id', async () => {
    expect(await billingAt('/Billing?session_id=cs_1').detectArrival()).toEqual({
      from: 'checkout',
      sessionId: 'cs_1',
    });
  });

  it('comes from the portal once after the flag was set on the way there, never twice', async () => {
    const stored = new Map<string, string>();
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
      removeItem: (key: string) => stored.delete(key),
    });
    const page = fakePage('/Billing');
    createPortalIO({ api: { billing: server({}).api } as never, page }).goToPortal({
      url: 'https://pay.example/portal/ps_1',
    });
    expect(page.leaveTo).toHaveBeenCalledWith('https://pay.example/portal/ps_1');
    expect(stored.has(PORTAL_RETURN_KEY)).toBe(true);
    const billing = billingAt('/Billing');
    expect(await billing.detectArrival()).toEqual({ from: 'portal' });
    expect(await billing.detectArrival()).toEqual({ from: 'elsewhere' });
    vi.unstubAllGlobals();
  });
});

describe('the portal, whichever flow opens it [product: ROUTE-18, API-11]', () => {
  it('asks the portal to return to the Billing page, from any page', async () => {
    for (const href of ['/Billing', '/Landing']) {
      const { api, paths } = server({
        'POST /api/billing/portal': () => json({ url: 'https://pay.example/p' }),
      });
      const spy = vi.spyOn(api, 'portal');
      const portal = createPortalIO({ api: { billing: api } as never, page: fakePage(href) });
      expect(await portal.openPortal()).toBe('https://pay.example/p');
      expect(spy).toHaveBeenCalledWith('https://app.example/Billing');
      expect(paths).toEqual(['POST /api/billing/portal']);
    }
  });

  it('reads the address from url, location or session_url, and null from an answer without one', async () => {
    for (const [body, address] of [
      [{ location: 'https://pay.example/l' }, 'https://pay.example/l'],
      [{ session_url: 'https://pay.example/s' }, 'https://pay.example/s'],
      [{}, null],
    ] as const) {
      const { api } = server({ 'POST /api/billing/portal': () => json(body) });
      expect(await api.portal('https://app.example/Billing')).toBe(address);
    }
  });
});
