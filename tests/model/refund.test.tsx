import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { RefundResponse, RefundReversal } from '../../contract/refund';
import { type RefundEvent, type RefundSnapshot, refundMachine } from '../../src/machines/refund';
import { renderApp, signedIn } from '../ui/render-app';
import { describeModel, type MachineView, type StepObservation, start } from './harness';
import { foundOnce } from './view-checks';

type Observation = StepObservation<RefundSnapshot>;

const ID_REQUIRED = 'Enter a Checkout Session ID (cs_...) or Payment Intent ID (pi_...).';
const PROCESSED = 'Refund reversal processed and access updated.';
const ALREADY = 'Already processed previously.';
const FAILED = 'Could not process refund.';
const SERVER_TEXT = 'No payment pi_missing was found.';
/** The server's reason for asking the password again [product: MSG-REFUND-4]. */
const STEP_UP_TEXT =
  'Reversing a refund moves money, and your last sign-in was more than 5 minutes ago. Please enter your password again to continue.';
/** The same request from a server whose step-up window is longer: the page shows the server's reason, not its own. */
const SERVER_STEP_UP_TEXT =
  'Reversing a refund moves money, and your last sign-in was more than 10 minutes ago. Please enter your password again to continue.';
const WRONG_PASSWORD = 'Invalid login credentials';

/** What the admin types, and the request each becomes [product: REFUND-8, REFUND-9]. */
const typed = {
  session: { id: ' cs_test_paid ', notes: 'Refunded by phone.' },
  intent: { id: 'pi_missing', notes: '' },
  empty: { id: '  ', notes: 'no id' },
};
const requests = new Map<string, unknown>([
  [typed.session.id, { sessionId: 'cs_test_paid', notes: 'Refunded by phone.' }],
  [typed.intent.id, { paymentIntentId: 'pi_missing' }],
]);

const answers: Record<string, RefundResponse> = {
  processed: { processed: true, alreadyProcessed: false },
  already: { processed: false, alreadyProcessed: true },
  serverError: { processed: false, alreadyProcessed: false, error: SERVER_TEXT },
  silent: { processed: false, alreadyProcessed: false },
  stepUp: { processed: false, alreadyProcessed: false, error: SERVER_STEP_UP_TEXT, reauthenticate: true },
  /** 'Sign in again' without the server's reason: the page says the product's own, the same words [MSG-REFUND-4]. */
  stepUpSilent: { processed: false, alreadyProcessed: false, reauthenticate: true },
};
const noAnswer = new TypeError('Failed to fetch');
/** A failure that says nothing. */
const silentFailure = new Error('');

const REVERSAL: RefundReversal = {
  id: 'a2b0d4c8-0000-4000-8000-000000000001',
  payment_intent_id: 'pi_paid',
  session_id: 'cs_test_paid',
  customer_email: 'casey@example.com',
  refund_id: 're_1',
  subscription_id: 'sub_1',
  amount_refunded: 5900,
  currency: 'usd',
  notes: 'Refunded by phone.',
  processed_by: 'admin@example.com',
  created_date: '2026-11-23T10:00:00.000Z',
  completed: true,
};
/** A reversal that went half through: refunded, the subscription not ended (issue 19 item 3). */
const HALF_DONE: RefundReversal = {
  ...REVERSAL,
  id: 'a2b0d4c8-0000-4000-8000-000000000002',
  payment_intent_id: 'pi_half',
  session_id: null,
  customer_email: 'robin@example.com',
  refund_id: 're_2',
  notes: null,
  completed: false,
};

/** The page's main region, found once a path: role queries there, not over the header and the whole page. */
const page = foundOnce(() => screen.getByRole('main'));
const button = (name: string) => within(page()).getByRole('button', { name });

/** Puts `text` in a field as a paste would: the form reads what the field holds, keystrokes add nothing to check. */
function paste(label: string, text: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: text } });
}

function showsFormReady() {
  expect(button('Process Refund Reversal')).toBeEnabled();
  expect(within(page()).queryByRole('button', { name: 'Processing...' })).not.toBeInTheDocument();
}

function showsNoPasswordPrompt() {
  expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  expect(screen.queryByText(STEP_UP_TEXT)).not.toBeInTheDocument();
  expect(screen.queryByText(SERVER_STEP_UP_TEXT)).not.toBeInTheDocument();
}

/** What the prompt can say is wrong with the password [product: MSG-REFUND-5]. */
const IDENTITY_PROBLEMS = [
  'Please enter your password.',
  WRONG_PASSWORD,
  'Your password could not be confirmed. Please try again.',
];

/**
 * The step-up prompt [product: REFUND-16]: the server's reason (its words, else the product's), the password box,
 * and what is wrong with the password, only that.
 */
function showsPasswordPrompt(reason: string | null, problem: string | null) {
  expect(screen.getByRole('form', { name: 'Confirm it is you' })).toHaveTextContent(reason ?? STEP_UP_TEXT);
  expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
  for (const text of IDENTITY_PROBLEMS)
    if (text === problem) expect(screen.getByText(text)).toBeInTheDocument();
    else expect(screen.queryByText(text)).not.toBeInTheDocument();
}

function showsNoOutcome() {
  for (const text of [PROCESSED, ALREADY, FAILED, SERVER_TEXT])
    expect(screen.queryByText(text)).not.toBeInTheDocument();
}

/** The page as an admin sees it at /AdminRefunds, after the route's admin check [product: REFUND-1, REFUND-4]. */
const refundView: MachineView<typeof refundMachine> = {
  render: async ({ logic, actorOptions }) => {
    const app = renderApp(
      '/AdminRefunds',
      { loadUser: async () => signedIn({ user: { role: 'admin', email: 'admin@example.com' } }) },
      { flows: { refund: logic }, actorOptions },
    );
    await screen.findByRole('heading', { name: 'Refund Management (Admin)' }, { timeout: 5_000 });
    expect(screen.getByText('Admin-only action')).toBeInTheDocument();
    expect(screen.getByLabelText('Notes (optional)')).toHaveAttribute('rows', '3');
    return app;
  },
  perform: {
    'reversal.submit': async (event, user) => {
      paste('Payment provider ID', event.id);
      paste('Notes (optional)', event.notes);
      await user.click(button('Process Refund Reversal'));
    },
    'reversals.reload': async (_event, user) => {
      await user.click(button('Refresh'));
    },
    'identity.confirm': async (event, user) => {
      paste('Password', event.password);
      await user.click(button('Confirm and reverse'));
    },
    'identity.cancel': async (_event, user) => {
      await user.click(button('Cancel'));
    },
  },
  shows: {
    'reversal.idle': ({ context }) => {
      showsFormReady();
      showsNoOutcome();
      showsNoPasswordPrompt();
      if (context.problem) expect(screen.getByText(context.problem)).toBeInTheDocument();
      else expect(screen.queryByText(ID_REQUIRED)).not.toBeInTheDocument();
    },
    'reversal.processing': () => {
      expect(button('Processing...')).toBeDisabled();
      showsNoOutcome();
      showsNoPasswordPrompt();
    },
    'reversal.confirmingIdentity': ({ context }) => {
      showsFormReady();
      showsPasswordPrompt(context.error, context.identityProblem);
      expect(button('Confirm and reverse')).toBeEnabled();
      expect(button('Cancel')).toBeEnabled();
    },
    // What was wrong with the last password is gone while the new one is checked.
    'reversal.reauthenticating': ({ context }) => {
      showsPasswordPrompt(context.error, null);
      expect(button('Confirming...')).toBeDisabled();
      expect(button('Cancel')).toBeDisabled();
    },
    'reversal.processed': () => {
      showsFormReady();
      expect(screen.getByRole('status')).toHaveTextContent(PROCESSED);
    },
    'reversal.alreadyProcessed': () => {
      showsFormReady();
      expect(screen.getByRole('status')).toHaveTextContent(ALREADY);
    },
    'reversal.failed': ({ context }) => {
      showsFormReady();
      expect(screen.getByText(context.error ?? '')).toBeInTheDocument();
    },
    'recent.loading': ({ context }) => {
      expect(button('Refresh')).toBeDisabled();
      if (context.reversals.length === 0)
        expect(screen.getByText('Loading recent reversals...')).toBeInTheDocument();
    },
    'recent.shown': ({ context }) => {
      expect(button('Refresh')).toBeEnabled();
      if (context.reversals.length === 0) {
        expect(screen.getByText('No refund reversals yet.')).toBeInTheDocument();
      } else {
        const table = screen.getByRole('table', { name: 'Recent refund reversals' });
        expect(table).toHaveTextContent('casey@example.com');
        expect(table).toHaveTextContent('cs_test_paid');
        expect(table).toHaveTextContent('$59.00');
        expect(table).toHaveTextContent('admin@example.com');
        expect(table).toHaveTextContent('Refunded by phone.');
        const rows = screen.getAllByRole('row');
        expect(rows.find((row) => row.textContent?.includes('cs_test_paid'))).toHaveTextContent('Done');
        expect(rows.find((row) => row.textContent?.includes('pi_half'))).toHaveTextContent(
          'Refunded; subscription not ended yet: reverse again to finish',
        );
      }
    },
    'recent.unavailable': () => {
      expect(button('Refresh')).toBeEnabled();
      expect(screen.getByText('Could not load recent reversals.')).toBeInTheDocument();
    },
  },
};

const submitted = (observation: Observation) =>
  observation.event as Extract<RefundEvent, { type: 'reversal.submit' }>;

describeModel(refundMachine, {
  events: [
    { type: 'reversal.submit', ...typed.session },
    { type: 'reversal.submit', ...typed.intent },
    { type: 'reversal.submit', ...typed.empty },
    { type: 'reversals.reload' },
    { type: 'identity.confirm', password: 'correct horse battery' },
    { type: 'identity.confirm', password: '' },
    { type: 'identity.cancel' },
  ],
  delays: {},
  actors: {
    reverse: {
      outputs: [
        answers.processed,
        answers.already,
        answers.serverError,
        answers.silent,
        answers.stepUp,
        answers.stepUpSilent,
      ],
      errors: [noAnswer],
    },
    confirmIdentity: { outputs: [undefined], errors: [new Error(WRONG_PASSWORD), silentFailure] },
    loadReversals: { outputs: [[REVERSAL, HALF_DONE], []], errors: [new Error('Admin access required.')] },
  },
  // The list's rows are fixtures, so its length tells states apart; the rest of the context matters as it is.
  serializeState: (snapshot) =>
    JSON.stringify([
      snapshot.value,
      snapshot.context.problem,
      snapshot.context.error,
      snapshot.context.reversals.length,
      snapshot.context.request,
      snapshot.context.identityProblem,
    ]),

  view: refundView,

  effects: {
    init: [start('loadReversals')],
    // Nothing is sent without an id; what is sent is the contract's request for the typed id.
    'reversal.submit': (observation) => {
      const request = requests.get(submitted(observation).id);
      return request ? [start('reverse', request)] : [];
    },
    'reversals.reload': [start('loadReversals')],
    // The password goes to the auth service and the server only when one was typed.
    'identity.confirm': ({ event }) => {
      const { password } = event as Extract<RefundEvent, { type: 'identity.confirm' }>;
      return password ? [start('confirmIdentity', { password })] : [];
    },
    // Once confirmed, the same reversal is sent again.
    'done:confirmIdentity': ({ previous }) => [start('reverse', previous?.context.request)],
    // A new reversal reloads the list, unless a load is under way already.
    'done:reverse': ({ event, previous }) =>
      event.output.processed && !event.output.alreadyProcessed && !previous?.matches({ recent: 'loading' })
        ? [start('loadReversals')]
        : [],
  },

  states: {
    'reversal.processing': ({ snapshot }) => {
      expect(snapshot.context.problem).toBeNull();
      expect(snapshot.context.error).toBeNull();
    },
    'reversal.idle': ({ snapshot }) => {
      expect(snapshot.context.error).toBeNull();
    },
    'reversal.reauthenticating': ({ snapshot }) => {
      expect(snapshot.context.identityProblem).toBeNull();
    },
  },

  afterStep: {
    init: ({ snapshot }) => {
      expect(snapshot.matches({ reversal: 'idle', recent: 'loading' })).toBe(true);
      expect(snapshot.context).toEqual({
        problem: null,
        error: null,
        reversals: [],
        request: null,
        identityProblem: null,
      });
    },
    'reversal.submit': (observation) => {
      const { snapshot } = observation;
      if (requests.has(submitted(observation).id)) {
        expect(snapshot.matches({ reversal: 'processing' })).toBe(true);
      } else {
        expect(snapshot.matches({ reversal: 'idle' })).toBe(true);
        expect(snapshot.context.problem).toBe(ID_REQUIRED);
      }
    },
    'done:reverse': ({ snapshot, event }) => {
      const output = event.output as RefundResponse;
      if (output.reauthenticate) {
        expect(snapshot.matches({ reversal: 'confirmingIdentity' })).toBe(true);
        // The server's reason when it gave one, else the product's own [product: MSG-REFUND-4].
        expect(snapshot.context.error).toBe(output.error ?? STEP_UP_TEXT);
      } else if (output.alreadyProcessed)
        expect(snapshot.matches({ reversal: 'alreadyProcessed' })).toBe(true);
      else if (output.processed) expect(snapshot.matches({ reversal: 'processed' })).toBe(true);
      else {
        expect(snapshot.matches({ reversal: 'failed' })).toBe(true);
        // The server's text when it sent one, else the product's own [product: MSG-REFUND-3].
        expect(snapshot.context.error).toBe(output.error ?? FAILED);
      }
    },
    'error:reverse': ({ snapshot }) => {
      expect(snapshot.matches({ reversal: 'failed' })).toBe(true);
      expect(snapshot.context.error).toBe(FAILED);
    },
    'reversals.reload': ({ snapshot }) => {
      expect(snapshot.matches({ recent: 'loading' })).toBe(true);
    },
    'identity.confirm': ({ snapshot, event }) => {
      const { password } = event as Extract<RefundEvent, { type: 'identity.confirm' }>;
      if (password) expect(snapshot.matches({ reversal: 'reauthenticating' })).toBe(true);
      else expect(snapshot.context.identityProblem).toBe('Please enter your password.');
    },
    'identity.cancel': ({ snapshot }) => {
      expect(snapshot.matches({ reversal: 'idle' })).toBe(true);
      expect(snapshot.context.request).toBeNull();
    },
    'error:confirmIdentity': ({ snapshot, event }) => {
      expect(snapshot.matches({ reversal: 'confirmingIdentity' })).toBe(true);
      // The auth service's words at the field, or the product's own when it said nothing [product: MSG-REFUND-5].
      expect(snapshot.context.identityProblem).toBe(
        event.error === silentFailure
          ? 'Your password could not be confirmed. Please try again.'
          : WRONG_PASSWORD,
      );
      expect(snapshot.context.request).not.toBeNull();
    },
    'done:loadReversals': ({ snapshot, event }) => {
      expect(snapshot.matches({ recent: 'shown' })).toBe(true);
      expect(snapshot.context.reversals).toEqual(event.output);
    },
    'error:loadReversals': ({ snapshot }) => {
      expect(snapshot.matches({ recent: 'unavailable' })).toBe(true);
    },
  },
});
