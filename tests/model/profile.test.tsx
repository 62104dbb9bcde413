import { screen } from '@testing-library/react';
import * as v from 'valibot';
import { expect } from 'vitest';
import { currentUserSchema, type ProfileField } from '../../contract/user';
import {
  type ProfileEvent,
  type ProfileSnapshot,
  profileMachine,
  selectFieldErrors,
  selectIsSavingProfile,
  selectProfileForm,
  selectProfileResult,
  selectProfileUser,
} from '../../src/machines/profile';
import { aUser, renderApp } from '../ui/render-app';
import { call, describeModel, type MachineView, type StepObservation, start } from './harness';
import { followingOfferSignUp } from './view-actions';
import { expectEveryControlDisabled } from './view-checks';

type Observation = StepObservation<ProfileSnapshot>;

/** The session's user, as the page hands it to the flow. */
const casey = aUser({ company: 'Acme', phone: null });
/** Short values: the replay types them key by key, and a keystroke re-renders the page. */
const VALID_PHONE = '+1 555';
/** Letters are refused [product: PROF-7]. */
const INVALID_PHONE = 'call';
const saved = v.parse(currentUserSchema, { ...casey, company: 'Ace', phone: VALID_PHONE });
/** The server's answer for a user without a company (an empty field clears the value [product: PROF-6]). */
const savedWithoutCompany = v.parse(currentUserSchema, { ...casey, company: null, phone: VALID_PHONE });
/**
 * What each saved user becomes: the form, and the card's organization [product: PROF-1]; without a company the
 * field is empty and the card says the default [product: DATA-4].
 */
const AFTER_SAVE = new Map([
  [saved, { form: { company: 'Ace', bio: '', phone: VALID_PHONE, location: '' }, organization: 'Ace' }],
  [
    savedWithoutCompany,
    { form: { company: '', bio: '', phone: VALID_PHONE, location: '' }, organization: 'Not specified' },
  ],
]);
const afterSave = (user: unknown) => {
  const after = AFTER_SAVE.get(user as typeof saved);
  if (!after) throw new Error('a saved user without its expected form');
  return after;
};

/** Fixtures for every event the machine accepts. */
const events: ProfileEvent[] = [
  { type: 'profile.edit', field: 'company', value: ' Ace ' },
  { type: 'profile.edit', field: 'phone', value: INVALID_PHONE },
  { type: 'profile.edit', field: 'phone', value: VALID_PHONE },
  { type: 'profile.save' },
  { type: 'session.missing' },
];
const PHONE_RULE = 'Phone may contain only digits, spaces and + ( ) - . /';
const SAVED_TEXT = 'Profile updated successfully!';
const FAILED_TEXT = 'Failed to update profile. Please try again.';

type Form = Record<ProfileField, string>;
interface Expected {
  form: Form;
  /** The organization the card shows: the user's company, as last saved [product: PROF-1, DATA-4]. */
  organization: string;
  phoneError: string | null;
  result: { tone: 'success' | 'error'; text: string } | null;
}

/**
 * The oracle: what the page must hold after the path's steps, from the fixtures and the events alone
 * [product: PROF-2, PROF-4, PROF-7, MSG-PROF]. The form starts as the session's user; an edit replaces its field (and drops
 * that field's error); a save with letters in the phone is refused with the rule; a save clears the banner; a saved
 * user becomes the form and the card.
 */
function expectedAfter(history: readonly string[], events: Observation['events']): Expected {
  const state: Expected = {
    form: { company: 'Acme', bio: '', phone: '', location: '' },
    organization: 'Acme',
    phoneError: null,
    result: null,
  };
  for (const [index, label] of history.entries()) {
    const event = events[index] as ProfileEvent;
    if (label === 'profile.edit' && event.type === 'profile.edit') {
      state.form = { ...state.form, [event.field]: event.value };
      if (event.field === 'phone') state.phoneError = null;
    } else if (label === 'profile.save') {
      state.result = null;
      if (state.form.phone === INVALID_PHONE) state.phoneError = PHONE_RULE;
    } else if (label === 'done:updateProfile') {
      const { output } = events[index] as { output?: unknown };
      ({ form: state.form, organization: state.organization } = afterSave(output));
      state.result = { tone: 'success', text: SAVED_TEXT };
    } else if (label === 'error:updateProfile') {
      state.result = { tone: 'error', text: FAILED_TEXT };
    }
  }
  return state;
}
const expectedNow = ({ history, events }: Observation) => expectedAfter(history, events);
const expectedBefore = ({ history, events }: Observation) => expectedAfter(history.slice(0, -1), events);
/** The four fields, trimmed: what a save sends [product: PROF-4]. */
const trimmed = (form: Form) => ({
  company: form.company.trim(),
  bio: form.bio.trim(),
  phone: form.phone.trim(),
  location: form.location.trim(),
});

/** What the view shows: the form is enabled except while saving; the result banner is its colour and text. */
function view(snapshot: ProfileSnapshot) {
  return {
    saving: selectIsSavingProfile(snapshot),
    result: selectProfileResult(snapshot),
    user: selectProfileUser(snapshot),
  };
}

const LABELS: Record<ProfileField, string> = {
  company: 'Company',
  bio: 'Bio',
  phone: 'Phone',
  location: 'Location',
};
const field = (name: ProfileField) => screen.getByLabelText(LABELS[name]);
// Text and label queries, not role queries: the whole signed-in page is in the DOM at every step of every path.
const saveButton = () =>
  screen.getByText(/^(Save Changes|Saving\.\.\.)$/).closest('button') as HTMLButtonElement;

let rendered: ReturnType<typeof renderApp> | undefined;

/** The Personal Information form as the user sees it [product: PROF-2, PROF-3, PROF-7, MSG-PROF]. */
const profileView: MachineView<typeof profileMachine> = {
  render: async ({ logic, actorOptions }) => {
    const app: ReturnType<typeof renderApp> = renderApp(
      '/Profile',
      {
        loadUser: async () => ({
          user: casey,
          flags: { has_signup: true, onboarding_required: false },
          authSessionId: null,
        }),
      },
      { flows: { profile: followingOfferSignUp(logic, () => app, 'settings') }, actorOptions },
    );
    rendered = app;
    await screen.findByLabelText('Company', {}, { timeout: 5000 });
    return app;
  },
  perform: {
    'profile.edit': async ({ field: name, value }, user) => {
      // Selects what the field holds and types over it.
      const input = field(name) as HTMLInputElement;
      await user.type(input, value, { initialSelectionStart: 0, initialSelectionEnd: input.value.length });
    },
    'profile.save': async (_event, user) => {
      await user.click(saveButton());
    },
  },
  shows: {
    editing: (_, step) => {
      const { form, organization, phoneError, result } = expectedNow(step);
      for (const name of Object.keys(LABELS) as ProfileField[]) {
        expect(field(name)).toHaveValue(form[name]);
        expect(field(name)).toBeEnabled();
      }
      // The card shows the user as last saved [product: PROF-1, DATA-4].
      expect(screen.getByText(`Organization: ${organization}`)).toBeInTheDocument();
      // Managed by the sign-in account [product: PROF-3].
      expect(screen.getByLabelText('Full name')).toHaveAttribute('readonly');
      expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
      if (phoneError) expect(screen.getByText(phoneError)).toBeInTheDocument();
      else expect(screen.queryByText(PHONE_RULE)).not.toBeInTheDocument();
      // Green for success, red for failure [product: MSG-PROF-1, MSG-PROF-2].
      if (result)
        expect(screen.getByText(result.text).closest('[role]')).toHaveAttribute(
          'role',
          result.tone === 'success' ? 'status' : 'alert',
        );
      else {
        expect(screen.queryByText(SAVED_TEXT)).not.toBeInTheDocument();
        expect(screen.queryByText(FAILED_TEXT)).not.toBeInTheDocument();
      }
      expect(saveButton()).toHaveTextContent('Save Changes');
      expect(saveButton()).toBeEnabled();
    },
    saving: () => {
      expect(saveButton()).toHaveTextContent('Saving...');
      expect(saveButton()).toBeDisabled();
      for (const name of Object.keys(LABELS) as ProfileField[]) expect(field(name)).toBeDisabled();
      expectEveryControlDisabled(saveButton().closest('form') as HTMLElement);
      expect(screen.queryByText(SAVED_TEXT)).not.toBeInTheDocument();
      expect(screen.queryByText(FAILED_TEXT)).not.toBeInTheDocument();
    },
    // Off to /Landing?show_signup=1, where the sign-up dialog opens [product: PROF-5].
    leaving: () => {
      expect(rendered?.pathname()).toBe('/Landing');
    },
  },
};

describeModel(profileMachine, {
  input: { user: casey },
  events,
  actors: {
    updateProfile: { outputs: [saved, savedWithoutCompany], errors: [new Error('Server down')] },
  },
  delays: {},
  view: profileView,
  effects: {
    'profile.save': (step) => {
      const { form } = expectedBefore(step);
      return form.phone === INVALID_PHONE ? [] : [start('updateProfile', trimmed(form))];
    },
    // The session reloads the user, so the header and menu show the saved values.
    'done:updateProfile': [call('userChanged')],
    'session.missing': [call('offerSignUp')],
  },
  states: {
    editing: (step) => {
      const expected = expectedNow(step);
      expect(view(step.snapshot)).toMatchObject({ saving: false, result: expected.result });
      expect(selectProfileForm(step.snapshot)).toEqual(expected.form);
      expect(selectFieldErrors(step.snapshot).phone ?? null).toBe(expected.phoneError);
    },
    saving: ({ snapshot }) => expect(view(snapshot)).toMatchObject({ saving: true, result: null }),
    leaving: ({ snapshot, effects }) => {
      expect(snapshot.status).toBe('done');
      expect(effects.actionNames().filter((name) => name === 'offerSignUp')).toHaveLength(1);
    },
  },
  afterStep: {
    init: ({ snapshot, stepEffects }) => {
      expect(selectProfileForm(snapshot)).toEqual({ company: 'Acme', bio: '', phone: '', location: '' });
      expect(stepEffects.entries).toEqual([]);
    },
    'profile.edit': (observation: Observation) => {
      const event = observation.event as Extract<ProfileEvent, { type: 'profile.edit' }>;
      const { snapshot, stepEffects } = observation;
      expect(snapshot.matches('editing')).toBe(true);
      // Kept as typed (trimming happens on save), and the field's old error goes.
      expect(selectProfileForm(snapshot)).toEqual(expectedNow(observation).form);
      expect(selectProfileForm(snapshot)[event.field]).toBe(event.value);
      expect(selectFieldErrors(snapshot)[event.field]).toBeUndefined();
      expect(stepEffects.inputsOf('updateProfile')).toEqual([]);
    },
    'profile.save': (observation: Observation) => {
      const { snapshot, stepEffects } = observation;
      const { form } = expectedBefore(observation);
      if (form.phone === INVALID_PHONE) {
        // Refused before anything is sent, with the contract's rule [product: PROF-7].
        expect(snapshot.matches('editing')).toBe(true);
        expect(selectFieldErrors(snapshot)).toEqual({ phone: PHONE_RULE });
        expect(stepEffects.inputsOf('updateProfile')).toEqual([]);
      } else {
        expect(snapshot.matches('saving')).toBe(true);
        // Only the four fields, trimmed [product: PROF-4].
        expect(stepEffects.inputsOf('updateProfile')).toEqual([trimmed(form)]);
      }
    },
    'done:updateProfile': ({ snapshot, stepEffects, event }) => {
      expect(view(snapshot)).toEqual({
        saving: false,
        result: { tone: 'success', text: SAVED_TEXT },
        user: event.output,
      });
      expect(selectProfileForm(snapshot)).toEqual(afterSave(event.output).form);
      expect(stepEffects.actionNames()).toContain('userChanged');
    },
    'error:updateProfile': ({ snapshot, stepEffects }) => {
      expect(view(snapshot).result).toEqual({ tone: 'error', text: FAILED_TEXT });
      expect(stepEffects.actionNames()).not.toContain('userChanged');
    },
    'session.missing': ({ snapshot, stepEffects }) => {
      expect(snapshot.matches('leaving')).toBe(true);
      expect(stepEffects.actionNames()).toContain('offerSignUp');
    },
  },
});
