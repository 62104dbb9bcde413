import { beforeEach, describe, expect, it, vi } from 'vitest';
import { flowRegistry } from '../../src/app/flows';
import { type Answer, flowsOverFetch, SPA_REQUESTS, type SpaRequest } from './spa-requests';

// Issue 24 item 5: every flow's I/O (src/services/<flow>-io.ts), as the registry wires it, below the machines:
// the request each port method sends, what it answers, and the text each kind of failure reaches the machine with.

const answering = (row: SpaRequest, failure?: Answer) =>
  flowsOverFetch(() => failure ?? { status: row.answer === null ? 204 : 200, json: row.answer ?? undefined });

const expectedRequest = ({ request }: SpaRequest) => ({
  method: request.method,
  path: request.path,
  query: request.query ?? {},
  body: request.body,
});

describe('every request a flow sends to the product API (docs/WIRE.md) [product: API-1]', () => {
  it.each(SPA_REQUESTS.map((row) => [row.name, row] as const))(
    '%s: sends its method, path, query and body, and answers the machine',
    async (_, row) => {
      const { io, sent } = answering(row);
      await expect(row.call(io)).resolves.toEqual(row.output);
      expect(sent[0]).toEqual(expectedRequest(row));
      // Exactly one request: no retry, no second address, no CSRF pre-flight (the cookie is there).
      expect(sent).toHaveLength(1);
    },
  );

  it('names every flow of the registry that talks to the product API', () => {
    const flows = new Set(SPA_REQUESTS.map(({ name }) => name.split('.')[0]));
    // The sign-in, sign-up and reset flows speak to the auth service (sign-in-io, getting-in-io tests); signup's
    // lookup and the session's calls are here.
    const authServiceOnly = ['signIn', 'passwordReset'];
    expect([...flows, ...authServiceOnly].sort()).toEqual(Object.keys(flowRegistry).sort());
  });
});

const failing = SPA_REQUESTS.filter((row) => row.rejectsOnError !== false);

/** What the machine receives for each kind of failed answer [product: MSG-API-1]. */
const failures: Array<[kind: string, answer: Answer, expected: (row: SpaRequest) => object]> = [
  [
    "the server's message",
    { status: 422, json: { message: 'Plan is not allowed.', code: 'validation_failed' } },
    () => ({ name: 'ApiError', status: 422, code: 'validation_failed', message: 'Plan is not allowed.' }),
  ],
  [
    'a message-less error: status and status text',
    { status: 503, statusText: 'Service Unavailable', json: {} },
    () => ({ name: 'ApiError', status: 503, message: '503 Service Unavailable' }),
  ],
  [
    'an empty message: status and status text',
    { status: 500, statusText: 'Internal Server Error', json: { message: '  ' } },
    () => ({ name: 'ApiError', status: 500, message: '500 Internal Server Error' }),
  ],
  [
    "a proxy's plain-text body",
    { status: 502, statusText: 'Bad Gateway', text: 'upstream timed out' },
    () => ({ name: 'ApiError', status: 502, message: 'upstream timed out' }),
  ],
  [
    'a success whose body is not JSON',
    { status: 200, text: '<html>maintenance</html>' },
    ({ request }) => ({
      name: 'ResponseShapeError',
      message: `Unexpected answer from ${request.method} ${request.path.replace(/^\/api/, '')}: the body is not JSON`,
    }),
  ],
];

describe('every failure reaches the machine with its text [product: MSG-API-1]', () => {
  const cases = failing.flatMap((row) =>
    failures.map(([kind, answer, expected]) => [row.name, kind, row, answer, expected] as const),
  );
  it.each(cases)('%s, %s', async (_, __, row, answer, expected) => {
    const { io } = answering(row, answer);
    await expect(row.call(io)).rejects.toMatchObject(expected(row));
  });

  it("refund.reverse: a refusal is an answer carrying the server's text, or status and status text", async () => {
    const reverse = SPA_REQUESTS.find(({ name }) => name === 'refund.reverse')!;
    const refused = answering(reverse, { status: 422, json: { message: 'Refund window has closed.' } });
    await expect(reverse.call(refused.io)).resolves.toEqual({
      processed: false,
      alreadyProcessed: false,
      error: 'Refund window has closed.',
    });
    const bare = answering(reverse, { status: 502, statusText: 'Bad Gateway', json: {} });
    await expect(reverse.call(bare.io)).resolves.toMatchObject({
      processed: false,
      error: '502 Bad Gateway',
    });
  });

  it('checkout: a 409 is "use the portal"; change-plan: 409 no_subscription is "nothing to change"', async () => {
    const checkout = SPA_REQUESTS.find(({ name }) => name === 'pricingAction.createCheckoutSession')!;
    const change = SPA_REQUESTS.find(({ name }) => name === 'changePlan.changePlan')!;
    const exists = answering(checkout, {
      status: 409,
      json: { message: 'exists', code: 'existing_subscription' },
    });
    await expect(checkout.call(exists.io)).resolves.toEqual({ existingSubscription: true });
    const none = answering(change, { status: 409, json: { message: 'none', code: 'no_subscription' } });
    await expect(change.call(none.io)).resolves.toEqual({ noSubscription: true });
    const otherConflict = answering(change, { status: 409, json: { message: 'Busy', code: 'conflict' } });
    await expect(change.call(otherConflict.io)).rejects.toMatchObject({ status: 409, message: 'Busy' });
  });
});

describe("the flows' commands act on the page as the composition root hands it [product: ROUTE, SET-2, PROF-5]", () => {
  // Made in each test: a mutant of an I/O's command is made with the I/O, which must happen inside the test.
  let flows = flowsOverFetch(() => ({ status: 500, json: {} }));
  beforeEach(() => {
    flows = flowsOverFetch(() => ({ status: 500, json: {} }));
  });
  const commands: Array<[name: string, run: () => void, check: () => void]> = [
    [
      'session.goToLanding',
      () => flows.io.session.goToLanding(),
      () => expect(flows.page.navigate).toHaveBeenLastCalledWith('/Landing'),
    ],
    [
      'session.goToReset',
      () => flows.io.session.goToReset(),
      () => expect(flows.page.navigate).toHaveBeenLastCalledWith('/Reset'),
    ],
    [
      'settings.offerSignUp',
      () => flows.io.settings.offerSignUp(),
      () => expect(flows.page.offerSignUp).toHaveBeenCalled(),
    ],
    [
      'settings.settingsSaved',
      () => flows.io.settings.settingsSaved(),
      () => expect(flows.page.reloadSession).toHaveBeenCalled(),
    ],
    [
      'profile.offerSignUp',
      () => flows.io.profile.offerSignUp(),
      () => expect(flows.page.offerSignUp).toHaveBeenCalled(),
    ],
    [
      'profile.userChanged',
      () => flows.io.profile.userChanged(),
      () => expect(flows.page.reloadSession).toHaveBeenCalled(),
    ],
    [
      'pricingAction.goToOnboarding',
      () => flows.io.pricingAction.goToOnboarding(),
      () => expect(flows.page.navigate).toHaveBeenLastCalledWith('/Onboarding'),
    ],
    [
      'pricingAction.goToBilling',
      () => flows.io.pricingAction.goToBilling(),
      () => expect(flows.page.navigate).toHaveBeenLastCalledWith('/Billing'),
    ],
    [
      'pricingAction.goToCheckout',
      () => flows.io.pricingAction.goToCheckout({ url: 'https://pay.example/cs_1' }),
      () => expect(flows.page.leaveTo).toHaveBeenLastCalledWith('https://pay.example/cs_1'),
    ],
    [
      'changePlan.goToCheckout',
      () => flows.io.changePlan.goToCheckout({ url: 'https://pay.example/cs_2' }),
      () => expect(flows.page.leaveTo).toHaveBeenLastCalledWith('https://pay.example/cs_2'),
    ],
    [
      'portal.goToPortal',
      () => flows.io.portal.goToPortal({ url: 'https://pay.example/portal' }),
      () => expect(flows.page.leaveTo).toHaveBeenLastCalledWith('https://pay.example/portal'),
    ],
    [
      'onboarding.goToDashboard',
      () => flows.io.onboarding.goToDashboard(),
      () => expect(flows.page.navigate).toHaveBeenLastCalledWith('/Dashboard', { replace: true }),
    ],
    [
      'passwordReset.cleanAddress',
      () => flows.io.passwordReset.cleanAddress(),
      () => expect(flows.page.navigate).toHaveBeenLastCalledWith('/Reset', { replace: true }),
    ],
    [
      'passwordReset.goToLanding',
      () => flows.io.passwordReset.goToLanding(),
      () => expect(flows.page.navigate).toHaveBeenLastCalledWith('/Landing'),
    ],
    [
      'passwordReset.refreshUser',
      () => flows.io.passwordReset.refreshUser(),
      () => expect(flows.page.reloadSession).toHaveBeenCalled(),
    ],
  ];

  it.each(commands)('%s', (_, run, check) => {
    run();
    check();
  });

  it('landingAddress.readAddress reads the address the page was opened with', async () => {
    flows.page.address.replace('/Landing?show_signup=1&session_id=cs_test_1#access_token=t');
    await expect(flows.io.landingAddress.readAddress()).resolves.toEqual({
      showSignup: true,
      sessionId: 'cs_test_1',
      hasHashToken: true,
    });
  });

  it('landingAddress.cleanAddress replaces the address without the named parameters, and only when it changes', () => {
    flows.page.address.replace('/Landing?show_signup=1&ref=mail#access_token=t');
    flows.page.address.replace.mockClear();
    flows.io.landingAddress.cleanAddress({ remove: ['show_signup'], dropHash: true });
    expect(flows.page.address.replace).toHaveBeenCalledWith('/Landing?ref=mail');
    flows.io.landingAddress.cleanAddress({ remove: ['session_id'], dropHash: false });
    expect(flows.page.address.replace).toHaveBeenCalledTimes(1);
  });

  it('contact and landing address report their failures to the console, the error attached', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const failure = new Error('down');
    flows.io.contact.reportSendFailure({ error: failure });
    flows.io.landingAddress.reportSyncFailure({ error: failure });
    expect(error).toHaveBeenCalledWith('The contact message could not be sent.', failure);
    expect(warn).toHaveBeenCalledWith('The subscription could not be synced after checkout.', failure);
    error.mockRestore();
    warn.mockRestore();
  });
});
