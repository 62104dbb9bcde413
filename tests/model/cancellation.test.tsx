import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import type { CancelResponse } from '../../contract/billing';
import { type CancellationSnapshot, cancellationMachine } from '../../src/machines/cancellation';
import { billingInfo, failureTextOf, tooManyRequests } from '../ui/billing-fixtures';
import { renderApp, signedIn } from '../ui/render-app';
import { describeModel, emitted, type MachineView, start } from './harness';
import { expectEveryControlDisabled, foundOnce } from './view-checks';

/** The cancel dialog [product: BILL-10, BILL-11, BILL-15, DATA-15, MSG-CANCEL]. */

const TOO_LONG = 'x'.repeat(301);
const COMMENT_TOO_LONG = 'Comment must be at most 300 characters.';
const providerDown = new Error('502 Bad Gateway');

/** Every answer of POST /billing/cancel and the message it shows [product: MSG-CANCEL]. */
const ANSWERS: readonly { answer: CancelResponse; text: string; ok: boolean }[] = [
  { answer: { canceled: true, canceledImmediately: false }, text: 'Cancellation processed.', ok: true },
  {
    answer: { canceled: true, canceledImmediately: true },
    text: 'Subscription canceled immediately.',
    ok: true,
  },
  { answer: { canceled: false, alreadyScheduled: true }, text: 'Cancellation was scheduled.', ok: true },
  {
    answer: { canceled: false, alreadyCanceled: true },
    text: 'This subscription has already been canceled.',
    ok: true,
  },
  {
    answer: { canceled: false, error: 'There is no subscription to cancel.' },
    text: 'Unable to cancel the subscription.',
    ok: false,
  },
];
const CANCEL_FAILED = 'Cancellation failed. Please try again or contact support.';
const outcomeOf = (answer: CancelResponse) => ANSWERS.find((entry) => entry.answer === answer);

const REASON_LABELS = {
  unused: "I don't use it enough",
  too_expensive: 'Too expensive',
  missing_features: 'Missing features',
  switched_service: 'Switched to another service',
  other: 'Other',
} as const;

/** Found once a path (a role query over the whole page is slow), again only once it has closed. */
const dialog = foundOnce(() => screen.getByRole('dialog', { name: 'Cancel Subscription' }));
const button = (name: string) => within(dialog()).getByRole('button', { name });

/**
 * While the cancellation is sent, every control of the dialog is disabled, Close and 'Keep Subscription' included:
 * the dialog cannot be dismissed before the answer is in [product: BILL-23].
 */
function showsBusy() {
  expect(button('Cancel Now')).toHaveAttribute('data-loading', 'true');
  expectEveryControlDisabled(dialog());
}

const cancellationView: MachineView<typeof cancellationMachine> = {
  render: async ({ logic, actorOptions }) => {
    const app = renderApp(
      '/Billing',
      { loadUser: async () => signedIn(), billing: { loadInfo: async () => billingInfo() } },
      { flows: { cancellation: logic }, actorOptions },
    );
    const open = await screen.findByRole('button', { name: 'Cancel Subscription' }, { timeout: 5000 });
    open.click();
    await screen.findByRole('dialog', { name: 'Cancel Subscription' });
    return app;
  },
  perform: {
    'reason.choose': async (event, user) => {
      await user.selectOptions(within(dialog()).getByLabelText('Reason'), event.reason);
    },
    'comment.change': async (event, user) => {
      const field = within(dialog()).getByLabelText('Comment (optional)');
      // Typing 301 characters one by one costs seconds per path: the text is set as a paste would.
      if (event.comment.length > 20) fireEvent.change(field, { target: { value: event.comment } });
      else {
        await user.clear(field);
        if (event.comment) await user.type(field, event.comment);
      }
    },
    'cancel.confirm': async (event, user) => {
      await user.click(button(event.cancelNow ? 'Cancel Now' : 'Cancel at Period End'));
    },
  },
  shows: {
    editing: ({ context }: CancellationSnapshot) => {
      expect(within(dialog()).getByLabelText('Reason')).toHaveDisplayValue(REASON_LABELS[context.reason]);
      expect(within(dialog()).getByLabelText('Comment (optional)')).toHaveValue(context.comment);
      // The counter [product: BILL-10].
      expect(within(dialog()).getByText(`${context.comment.length}/300`)).toBeInTheDocument();
      expect(button('Cancel Now')).toBeEnabled();
      // Not sending: the dialog can be dismissed [product: BILL-23].
      expect(button('Keep Subscription')).toBeEnabled();
      expect(button('Close')).toBeEnabled();
      if (context.error) expect(within(dialog()).getByRole('alert')).toHaveTextContent(context.error);
      else expect(within(dialog()).queryByRole('alert')).not.toBeInTheDocument();
    },
    cancelling: showsBusy,
    done: ({ context }: CancellationSnapshot) => {
      expect(within(dialog()).getByRole('status')).toHaveTextContent(context.notice ?? '');
      expect(within(dialog()).queryByRole('button', { name: 'Cancel Now' })).not.toBeInTheDocument();
      expect(button('Done')).toBeEnabled();
    },
  },
};

/** The reason the path chose last, else the default, unused [product: BILL-11]. */
const chosenReason = (events: readonly { type: string; reason?: string }[]) =>
  events.filter((event) => event.type === 'reason.choose').at(-1)?.reason ?? 'unused';

describeModel(cancellationMachine, {
  events: [
    { type: 'reason.choose', reason: 'too_expensive' },
    { type: 'comment.change', comment: 'Too pricey' },
    { type: 'comment.change', comment: TOO_LONG },
    { type: 'cancel.confirm', cancelNow: false },
    { type: 'cancel.confirm', cancelNow: true },
  ],
  actors: {
    cancelSubscription: {
      outputs: ANSWERS.map((entry) => entry.answer),
      errors: [providerDown, tooManyRequests],
    },
  },
  delays: {},
  view: cancellationView,

  effects: {
    init: [],
    'reason.choose': [],
    'comment.change': [],
    // What is sent: the reason (default unused), the trimmed comment and when [product: BILL-11, DATA-15].
    'cancel.confirm': ({ event, previous, events }) =>
      previous?.context.comment === TOO_LONG
        ? []
        : [
            start('cancelSubscription', {
              reason: chosenReason(events),
              comment: previous?.context.comment,
              cancelNow: event.cancelNow,
            }),
          ],
    // A cancellation that went through (or had already) tells the view, which reloads the page [product: BILL-7].
    'done:cancelSubscription': ({ event }) =>
      outcomeOf(event.output)?.ok ? [emitted({ type: 'done' })] : [],
    'error:cancelSubscription': [],
  },

  states: {
    done: ({ snapshot }) => {
      expect(snapshot.status).toBe('done');
      expect(snapshot.hasTag('done')).toBe(true);
    },
  },

  afterStep: {
    init: ({ snapshot }) => {
      // The default reason is unused [product: BILL-11].
      expect(snapshot.context).toEqual({ reason: 'unused', comment: '', error: null, notice: null });
    },
    'cancel.confirm': ({ snapshot, previous }) => {
      if (previous?.context.comment === TOO_LONG) {
        expect(snapshot.matches('editing')).toBe(true);
        expect(snapshot.context.error).toBe(COMMENT_TOO_LONG);
      } else expect(snapshot.matches('cancelling')).toBe(true);
    },
    'done:cancelSubscription': ({ snapshot, event }) => {
      const outcome = outcomeOf(event.output);
      expect(snapshot.matches(outcome?.ok ? 'done' : 'editing')).toBe(true);
      expect(outcome?.ok ? snapshot.context.notice : snapshot.context.error).toBe(outcome?.text);
    },
    'error:cancelSubscription': ({ snapshot, event }) => {
      expect(snapshot.matches('editing')).toBe(true);
      // Over the account's limit, the server's words say when to try again [product: MSG-BILL-7].
      expect(snapshot.context.error).toBe(failureTextOf(event.error, CANCEL_FAILED));
    },
  },
});
