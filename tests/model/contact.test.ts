import { expect } from 'vitest';
import { type ContactEvent, type ContactSnapshot, contactMachine } from '../../src/machines/contact';
import { selectErrors, selectIsSending, selectIsSent } from '../../src/machines/contact-selectors';
import { call, describeModel, type EffectLog, start } from './harness';

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

describeModel(contactMachine, {
  delays: {},
  view: 'pending: the contact form replays with the landing page',
  effects: {
    // Nothing is sent while a required field is empty or the address is malformed.
    'form.submit': ({ event }) => {
      const { values } = event as ContactEvent;
      return problems.get(values) ? [] : [start('sendContact', sent.get(values))];
    },
    // [product: MSG-SILENT-1] Reported to the console only.
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
      // [product: MSG-SILENT-1] Reported to the console only; the form is back, as typed, with no message.
      expect(stepEffects.entries).toEqual([call('reportSendFailure', { error: networkDown })]);
      expect(selectErrors(snapshot)).toEqual({});
    },
  },
});
