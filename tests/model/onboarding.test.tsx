import { fireEvent, screen, within } from '@testing-library/react';
import { expect } from 'vitest';
import {
  type OnboardingEvent,
  type OnboardingSnapshot,
  onboardingMachine,
} from '../../src/machines/onboarding';
import { renderApp, signedIn } from '../ui/render-app';
import { call, describeModel, type MachineView, type StepObservation, start } from './harness';
import { expectEveryControlDisabled, expectFeedback, foundOnce } from './view-checks';

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

/** The verified account whose signup record is missing: onboarding is what the session asks of it. */
const ACCOUNT_NAME = 'Casey Jones';
const verifiedAccount = signedIn({
  onboardingRequired: true,
  user: { email: 'Casey@Example.com', full_name: ACCOUNT_NAME },
});

const page = foundOnce(() => screen.getByRole('main'));
const field = (label: string) => within(page()).getByLabelText(label === 'Full name' ? /^Full name/ : label);
const submitButton = () => within(page()).getByRole('button', { name: /^(Get started|Submitting…)$/ });

/** The form's editable fields by label ('Full name' is marked required), as the event names them. */
const FIELDS = {
  'Full name': 'name',
  Company: 'company',
  'Company size': 'company_size',
  Plan: 'plan',
  Billing: 'interval',
} as const;
type Fields = Record<(typeof FIELDS)[keyof typeof FIELDS], string>;

/** What the form held when it was last sent, for the page to keep after an outcome; null until then. */
let lastSent: Fields | null = null;

/** Before anything is sent, the form starts from the sign-up dialog's pending item, else the account's name [product: DATA-19, ONB-2]. */
function startingForm({ prefill }: OnboardingSnapshot['context']): Fields {
  return {
    name: prefill?.name || ACCOUNT_NAME,
    company: prefill?.company ?? '',
    company_size: prefill?.company_size ?? '',
    plan: prefill?.plan ?? 'starter',
    interval: prefill?.interval ?? 'monthly',
  };
}

/** While the record is created and the session reloads, and on the way to /Dashboard: 'Submitting…', disabled. */
function showsSubmitting() {
  expect(submitButton()).toHaveAccessibleName('Submitting…');
  expect(submitButton()).toBeDisabled();
  expectEveryControlDisabled(submitButton().closest('form') as HTMLElement);
  expectFeedback(page(), { error: null, notice: null });
}

/** /Onboarding as the verified visitor sees it, welcomed by name [product: ONB-1]. */
const onboardingView: MachineView<typeof onboardingMachine> = {
  render: async ({ logic, actorOptions }) => {
    lastSent = null;
    const app = renderApp(
      '/Onboarding',
      { loadUser: async () => verifiedAccount },
      { flows: { onboarding: logic }, actorOptions },
    );
    await screen.findByText('Welcome, Casey!');
    return app;
  },
  perform: {
    'form.submit': async (event, user) => {
      // The e-mail is the session's, lowercased and read-only [product: ONB-6]: the one the event carries.
      expect(field('Email')).toHaveValue(event.email.toLowerCase());
      expect(field('Email')).toHaveAttribute('readonly');
      for (const [label, name] of Object.entries(FIELDS)) {
        fireEvent.change(field(label), { target: { value: event[name] } });
      }
      lastSent = Object.fromEntries(Object.values(FIELDS).map((name) => [name, event[name]])) as Fields;
      await user.click(within(page()).getByRole('button', { name: 'Get started' }));
    },
  },
  shows: {
    prefilling: () => {
      expect(within(page()).getByRole('heading', { level: 1 })).toHaveTextContent('Welcome, Casey!');
      expect(within(page()).getByLabelText('Loading')).toBeInTheDocument();
      expect(within(page()).queryByRole('button', { name: 'Get started' })).not.toBeInTheDocument();
    },
    editing: (snapshot) => {
      expect(submitButton()).toHaveAccessibleName('Get started');
      expect(submitButton()).toBeEnabled();
      // The form keeps what was sent; the outcome shows above it, field errors one a line [product: MSG-SIGNUP-3].
      const expected = lastSent ?? startingForm(snapshot.context);
      for (const [label, name] of Object.entries(FIELDS)) expect(field(label)).toHaveValue(expected[name]);
      expectFeedback(page(), { error: snapshot.context.error, notice: null });
    },
    creatingSignup: showsSubmitting,
    reloadingSession: showsSubmitting,
    // goToDashboard is the composition root's: the page stays busy until the app has moved on.
    done: showsSubmitting,
  },
};

/** The signup record as sent: name trimmed, e-mail lowercased, normalized_email from it [product: ONB-5, ONB-6, ONB-7]. */
const SENT = {
  name: 'Casey Jones',
  email: 'casey@example.com',
  normalized_email: 'casey@example.com',
  company: 'Acme IT',
  company_size: '11-50',
  plan: 'pro',
  interval: 'annual',
};

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
  view: onboardingView,
  effects: {
    init: [start('readPendingOnboarding')],
    // Name trimmed, e-mail lowercased, normalized_email from it [product: ONB-5, ONB-6, ONB-7].
    'form.submit': ({ event }) => (event === nameless ? [] : [start('createSignup', SENT)]),
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
      expect(observation.stepEffects.inputsOf('createSignup')).toEqual([SENT]);
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
