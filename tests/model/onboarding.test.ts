import { expect } from 'vitest';
import {
  type OnboardingEvent,
  type OnboardingSnapshot,
  onboardingMachine,
} from '../../src/machines/onboarding';
import { call, describeModel, type StepObservation, start } from './harness';

type Observation = StepObservation<OnboardingSnapshot>;

/** Explicit fixtures for the one event [product: ONB-5, ONB-6, ONB-7]: a complete form and one without a name. */
const complete = {
  type: 'form.submit',
  name: '  Casey Jones ',
  email: 'Casey@Example.com',
  company: 'Acme IT',
  company_size: '11-50',
  plan: 'pro',
  interval: 'annual',
} as const satisfies OnboardingEvent;
const nameless = { ...complete, name: '   ' } as const satisfies OnboardingEvent;

const pending = {
  plan: 'business',
  interval: 'monthly',
  name: 'Casey',
  company: 'Acme',
  company_size: null,
} as const;

const conflict = Object.assign(new Error('This email is already registered. Please sign in instead.'), {
  status: 409,
});
const fieldErrors = Object.assign(new Error('Validation failed'), {
  status: 422,
  data: {
    message: 'Validation failed',
    errors: { company: ['Company is too long.'], plan: ['Unknown plan.'] },
  },
});
const bareBadRequest = Object.assign(new Error('Bad request'), {
  status: 400,
  data: { message: 'Bad request' },
});
const forbidden = Object.assign(new Error('You can only create a signup for your own e-mail address.'), {
  status: 403,
});
const silent = { status: 500 };

const INCOMPLETE = 'We could not complete onboarding. Please try again.';

const error = ({ snapshot }: Observation) => snapshot.context.error;
/** What the view shows: the form (or a loader while prefilling) and whether 'Get started' reads 'Submitting…'. */
const view = ({ snapshot }: Observation) => ({
  preparing: snapshot.hasTag('preparing'),
  submitting: snapshot.hasTag('submitting'),
});

describeModel(onboardingMachine, {
  events: [complete, nameless],
  actors: {
    readPendingOnboarding: { outputs: [pending, null], errors: [new Error('The operation is insecure.')] },
    createSignup: {
      outputs: [{ id: 1 }],
      errors: [conflict, fieldErrors, bareBadRequest, forbidden, silent],
    },
    reloadSession: {
      outputs: [{ onboardingRequired: false }, { onboardingRequired: true }],
      errors: [new Error('waitFor failed')],
    },
  },
  delays: {},
  view: 'pending: the Onboarding page replays with the getting-in views',
  effects: {
    init: [start('readPendingOnboarding')],
    // Name trimmed, e-mail lowercased, normalized_email from it [product: ONB-5, ONB-6, ONB-7].
    'form.submit': ({ event }) =>
      event === nameless
        ? []
        : [
            start('createSignup', {
              name: 'Casey Jones',
              email: 'casey@example.com',
              normalized_email: 'casey@example.com',
              company: 'Acme IT',
              company_size: '11-50',
              plan: 'pro',
              interval: 'annual',
            }),
          ],
    'done:createSignup': [start('reloadSession')],
    // [product: SIGNUP-15]: on to /Dashboard (replacing the entry), the pending item forgotten.
    'done:reloadSession': ({ event }) =>
      event.output.onboardingRequired ? [] : [call('forgetPendingOnboarding'), call('goToDashboard')],
  },
  states: {
    prefilling: (observation) => expect(view(observation)).toEqual({ preparing: true, submitting: false }),
    editing: (observation) => expect(view(observation)).toEqual({ preparing: false, submitting: false }),
    creatingSignup: (observation) =>
      expect(view(observation)).toEqual({ preparing: false, submitting: true }),
    reloadingSession: (observation) =>
      expect(view(observation)).toEqual({ preparing: false, submitting: true }),
    done: (observation) => {
      expect(view(observation)).toEqual({ preparing: false, submitting: true });
      expect(observation.snapshot.status).toBe('done');
    },
  },
  afterStep: {
    init: ({ stepEffects }) => expect(stepEffects.inputsOf('readPendingOnboarding')).toHaveLength(1),
    'done:readPendingOnboarding': ({ snapshot, event }) =>
      expect(snapshot.context.prefill).toEqual(event.output),
    'error:readPendingOnboarding': ({ snapshot }) => expect(snapshot.context.prefill).toBeNull(),
    'form.submit': (observation) => {
      if (observation.event === nameless) {
        expect(error(observation)).toBe('Please enter your full name.');
        expect(observation.stepEffects.entries).toEqual([]);
        return;
      }
      expect(error(observation)).toBeNull();
      // Name trimmed, e-mail lowercased, normalized_email from it [product: ONB-5, ONB-6, ONB-7].
      expect(observation.stepEffects.inputsOf('createSignup')).toEqual([
        {
          name: 'Casey Jones',
          email: 'casey@example.com',
          normalized_email: 'casey@example.com',
          company: 'Acme IT',
          company_size: '11-50',
          plan: 'pro',
          interval: 'annual',
        },
      ]);
    },
    'done:createSignup': ({ stepEffects }) => expect(stepEffects.inputsOf('reloadSession')).toHaveLength(1),
    'error:createSignup': (observation) => {
      const expected = new Map<unknown, string | null>([
        // [product: MSG-SIGNUP-2]: the record exists; nothing is said and nothing moves.
        [conflict, null],
        [fieldErrors, 'company: Company is too long.\nplan: Unknown plan.'],
        [bareBadRequest, 'Please check the fields and try again.'],
        [forbidden, 'You can only create a signup for your own e-mail address.'],
        [silent, 'Could not complete onboarding'],
      ]);
      expect(error(observation)).toBe(expected.get(observation.event.error));
      expect(observation.stepEffects.actionNames()).toEqual([]);
    },
    'done:reloadSession': (observation) => {
      if (observation.event.output.onboardingRequired) {
        expect(error(observation)).toBe(INCOMPLETE);
        expect(observation.stepEffects.actionNames()).toEqual([]);
      } else {
        // [product: SIGNUP-15]: on to /Dashboard (replacing the entry), the pending item forgotten.
        expect(observation.stepEffects.actionNames()).toEqual(['forgetPendingOnboarding', 'goToDashboard']);
      }
    },
    'error:reloadSession': (observation) => {
      expect(error(observation)).toBe(INCOMPLETE);
      expect(observation.stepEffects.actionNames()).toEqual([]);
    },
  },
});
