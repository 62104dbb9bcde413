import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, type SnapshotFrom, setup } from 'xstate';
import { type ContactCreate, type ContactCreateInput, contactCreateSchema } from '../../contract/contact';
import { fieldErrors } from '../../contract/validation';
import { command, type PortIO, port, request } from './io';

/**
 * The landing page's contact form [product: LAND-24, LAND-25, LAND-34, MSG-SILENT-1]: name, email and message
 * required, company optional, checked with the contract's schema before anything is sent; a sent message shows
 * the thank-you; a failed send says so and leaves the form as it was, to try again; the console gets the error
 * [product: LAND-43].
 */

/** What the visitor reads when the message could not be sent [product: LAND-43]. */
export const CONTACT_SEND_FAILED = 'Your message could not be sent. Please try again.';

export type ContactField = 'name' | 'email' | 'company' | 'message';
export type ContactErrors = Partial<Record<ContactField, string>>;

export interface ContactContext {
  /** The first problem of each field from the last submit; empty when there was none. */
  errors: ContactErrors;
  /** Why the last send failed, until the next attempt; null when it did not. */
  sendError: string | null;
}

export type ContactEvent = { type: 'form.submit'; values: ContactCreateInput };

function problemsOf(values: ContactCreateInput): ContactErrors {
  const result = v.safeParse(contactCreateSchema, values);
  if (result.success) return {};
  return Object.fromEntries(
    Object.entries(fieldErrors(result.issues)).map(([field, messages]) => [field, messages[0] ?? '']),
  ) as ContactErrors;
}

const valuesOf = (event: ContactEvent) => {
  assertEvent(event, 'form.submit');
  return event.values;
};

/** What the contact form asks of the outside world (src/services/contact-io.ts). */
export const contactPort = port('contact', {
  /** POST /api/contact [product: CLIENT-1]. */
  sendContact: request<(message: ContactCreate) => Promise<unknown>>(),
  /** The console, the error behind what the visitor is told [product: MSG-SILENT-1, LAND-43]. */
  reportSendFailure: command<(failure: { error: unknown }) => void>(),
});
export type ContactIO = PortIO<typeof contactPort>;

export const contactMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as ContactContext,
    events: {} as ContactEvent,
    tags: {} as 'sending',
  },
  actors: contactPort.actors,
  actions: {
    ...contactPort.actions,
    showProblems: assign(({ event }) => ({ errors: problemsOf(valuesOf(event)) })),
    clearProblems: assign({ errors: {}, sendError: null }),
    showSendFailure: assign({ sendError: CONTACT_SEND_FAILED }),
  },
  guards: {
    isIncomplete: ({ event }) => Object.keys(problemsOf(valuesOf(event))).length > 0,
  },
}).createMachine({
  id: 'contact',
  context: { errors: {}, sendError: null },
  initial: 'editing',
  states: {
    editing: {
      on: {
        'form.submit': [
          { guard: 'isIncomplete', actions: 'showProblems' },
          { target: 'sending', actions: 'clearProblems' },
        ],
      },
    },
    sending: {
      tags: ['sending'],
      invoke: {
        src: 'sendContact',
        input: ({ event }) => v.parse(contactCreateSchema, valuesOf(event)),
        onDone: { target: 'sent' },
        onError: {
          target: 'editing',
          actions: [
            'showSendFailure',
            { type: 'reportSendFailure', params: ({ event }) => ({ error: event.error }) },
          ],
        },
      },
    },
    sent: { type: 'final' },
  },
});

export type ContactMachine = typeof contactMachine;
export type ContactActorRef = ActorRefFrom<ContactMachine>;
export type ContactSnapshot = SnapshotFrom<ContactMachine>;
