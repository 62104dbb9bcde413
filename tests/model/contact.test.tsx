import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  type ContactEvent,
  type ContactField,
  type ContactSnapshot,
  contactMachine,
} from '../../src/machines/contact';
import { selectErrors, selectIsSending, selectIsSent } from '../../src/machines/contact-selectors';
import { renderLoadedApp } from '../ui/render-app';
import { call, describeModel, type EffectLog, type MachineView, start } from './harness';
import { expectEveryControlDisabled, foundOnce } from './view-checks';

/** What visitors type: complete, without the optional company, empty, and with a malformed address. */
const typed = {
  complete: {
    name: ' Ada Lovelace ',
    email: ' Ada@Example.com ',
    company: 'Analytical Engines',
    message: 'Demo please',
  },
  noCompany: { name: 'Grace', email: 'grace@example.com', company: '', message: 'Pricing question' },
  empty: { name: '', email: '', company: '', message: '  ' },
  badEmail: { name: 'Alan', email: 'alan@', company: '', message: 'Hello' },
};
const submits: ContactEvent[] = Object.values(typed).map((values) => ({ type: 'form.submit', values }));

/** [product: LAND-34] What each incomplete form says, field by field. */
const problems = new Map<unknown, unknown>([
  [
    typed.empty,
    {
      name: 'Please enter your name.',
      email: 'Please enter your email.',
      message: 'Please enter a message.',
    },
  ],
  [typed.badEmail, { email: 'Please enter a valid email address.' }],
]);
/** What POST /api/contact receives: trimmed, the address lowercased. */
const sent = new Map<unknown, unknown>([
  [
    typed.complete,
    { name: 'Ada Lovelace', email: 'ada@example.com', company: 'Analytical Engines', message: 'Demo please' },
  ],
  [typed.noCompany, { name: 'Grace', email: 'grace@example.com', company: '', message: 'Pricing question' }],
]);
const networkDown = new TypeError('Failed to fetch');

const actionNames = (log: EffectLog) => log.actionNames();

/** What the view shows per state. */
const view = {
  editing: { sending: false, sent: false },
  sending: { sending: true, sent: false },
  sent: { sending: false, sent: true },
} as const;
const expectView = (snapshot: ContactSnapshot, state: keyof typeof view) => {
  expect(selectIsSending(snapshot)).toBe(view[state].sending);
  expect(selectIsSent(snapshot)).toBe(view[state].sent);
};

const LABELS: Record<ContactField, string> = {
  name: 'Name',
  email: 'Email',
  company: 'Company (optional)',
  message: 'Message',
};
/** Found once a path (a role query over the whole landing page is slow), again only once it has left. */
const form = foundOnce(() => screen.getByRole('form', { name: 'Contact us' }));
const sendButton = (name: 'Send Message' | 'Sending...') => within(form()).getByRole('button', { name });

/**
 * Fills a labelled field as a paste would: typing costs about 20 ms a character on the whole landing page, and
 * the form reads the field's value the same either way.
 */
function fill(label: string, text: string) {
  fireEvent.change(within(form()).getByLabelText(label), { target: { value: text } });
}

/** Each field shows its own problem, tied to it as its description, and nothing else [product: LAND-34]. */
function expectProblemsShown({ context }: ContactSnapshot) {
  for (const [field, label] of Object.entries(LABELS) as [ContactField, string][]) {
    const input = within(form()).getByLabelText(label);
    const problem = context.errors[field];
    if (problem) {
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(problem);
    } else {
      expect(input).not.toHaveAttribute('aria-invalid');
      expect(input).toHaveAccessibleDescription('');
    }
  }
}

/** The contact section of the landing page, as a visitor fills it in [product: LAND-24, LAND-25]. */
const contactView: MachineView<typeof contactMachine> = {
  render: async ({ logic, actorOptions }) => {
    const app = await renderLoadedApp('/Landing', {}, { flows: { contact: logic }, actorOptions });
    await screen.findByRole('form', { name: 'Contact us' });
    return app;
  },
  perform: {
    'form.submit': async ({ values }, user) => {
      for (const [field, label] of Object.entries(LABELS) as [ContactField, string][])
        fill(label, values[field] ?? '');
      await user.click(sendButton('Send Message'));
    },
  },
  shows: {
    editing: (snapshot) => {
      expect(sendButton('Send Message')).toBeEnabled();
      expectProblemsShown(snapshot);
      // A failed send says so, with the form back as typed to send again [product: LAND-43].
      if (snapshot.context.sendError)
        expect(screen.getByRole('alert')).toHaveTextContent(
          'Your message could not be sent. Please try again.',
        );
      else expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(screen.queryByText('Message Sent Successfully!')).not.toBeInTheDocument();
    },
    sending: (snapshot) => {
      expect(sendButton('Sending...')).toBeDisabled();
      expectEveryControlDisabled(form());
      expectProblemsShown(snapshot);
    },
    // The thank-you replaces the form [product: LAND-25].
    sent: () => {
      const thanks = screen.getByRole('status');
      expect(within(thanks).getByText('Message Sent Successfully!')).toBeInTheDocument();
      expect(within(thanks).getByText("We'll get back to you within 24 hours.")).toBeInTheDocument();
      expect(screen.queryByRole('form', { name: 'Contact us' })).not.toBeInTheDocument();
    },
  },
};

describeModel(contactMachine, {
  delays: {},
  view: contactView,
  effects: {
    // Nothing is sent while a required field is empty or the address is malformed.
    'form.submit': ({ event }) => {
      const { values } = event as ContactEvent;
      return problems.get(values) ? [] : [start('sendContact', sent.get(values))];
    },
    // [product: MSG-SILENT-1, LAND-43] Reported to the console, and said to the visitor.
    'error:sendContact': [call('reportSendFailure', { error: networkDown })],
  },
  events: submits,
  actors: {
    sendContact: { outputs: [{ id: 'c_1', created_date: '2026-11-23T10:00:00Z' }], errors: [networkDown] },
  },

  states: {
    editing: ({ snapshot }) => expectView(snapshot, 'editing'),
    sending: ({ snapshot }) => {
      expectView(snapshot, 'sending');
      expect(selectErrors(snapshot)).toEqual({});
      // A new attempt clears what the last failure said.
      expect(snapshot.context.sendError).toBeNull();
    },
    sent: ({ snapshot }) => expectView(snapshot, 'sent'),
  },

  afterStep: {
    init: ({ snapshot, stepEffects }) => {
      expect(selectErrors(snapshot)).toEqual({});
      expect(stepEffects.entries).toEqual([]);
    },
    'form.submit': ({ snapshot, event, stepEffects }) => {
      const { values } = event as ContactEvent;
      const expectedProblems = problems.get(values);
      if (expectedProblems) {
        // Nothing is sent while a required field is empty or the address is malformed.
        expect(selectErrors(snapshot)).toEqual(expectedProblems);
        expect(stepEffects.entries).toEqual([]);
      } else {
        expect(stepEffects.inputsOf('sendContact')).toEqual([sent.get(values)]);
      }
    },
    'done:sendContact': ({ stepEffects }) => {
      // [product: LAND-25] The thank-you replaces the form.
      expect(actionNames(stepEffects)).toEqual([]);
    },
    'error:sendContact': ({ snapshot, stepEffects }) => {
      // [product: LAND-43] Reported to the console and said; the form is back, as typed.
      expect(stepEffects.entries).toEqual([call('reportSendFailure', { error: networkDown })]);
      expect(selectErrors(snapshot)).toEqual({});
      expect(snapshot.context.sendError).toBe('Your message could not be sent. Please try again.');
    },
  },
});
