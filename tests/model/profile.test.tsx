import * as v from 'valibot';
import { expect } from 'vitest';
import { currentUserSchema } from '../../contract/user';
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
import { call, describeModel, type StepObservation, start } from './harness';

type Observation = StepObservation<ProfileSnapshot>;

const casey = v.parse(currentUserSchema, {
  id: 'user-1',
  email: 'casey@example.com',
  full_name: 'Casey Jones',
  company: 'Acme',
  phone: null,
});
const saved = v.parse(currentUserSchema, { ...casey, company: 'Globex', phone: '+1 555 0100' });

/** Fixtures for every event the machine accepts. */
const events: ProfileEvent[] = [
  { type: 'profile.edit', field: 'company', value: '  Globex ' },
  { type: 'profile.edit', field: 'phone', value: '555-CALL-NOW' },
  { type: 'profile.edit', field: 'phone', value: '+1 555 0100' },
  { type: 'profile.save' },
  { type: 'session.missing' },
];
const PHONE_RULE = 'Phone may contain only digits, spaces and + ( ) - . /';

/** What the view shows: the form is enabled except while saving; the result banner is its colour and text. */
function view(snapshot: ProfileSnapshot) {
  return {
    saving: selectIsSavingProfile(snapshot),
    result: selectProfileResult(snapshot),
    user: selectProfileUser(snapshot),
  };
}

describeModel(profileMachine, {
  input: { user: casey },
  events,
  actors: {
    updateProfile: { outputs: [saved], errors: [new Error('Server down')] },
  },
  delays: {},
  view: 'pending: the Profile page replays with the signed-in shell (issue 12)',
  effects: {
    'profile.save': ({ previous }) => {
      const form = previous?.matches('editing') ? selectProfileForm(previous) : null;
      if (!form || form.phone === '555-CALL-NOW') return [];
      // Only the four fields, trimmed [product: PROF-4].
      return [
        start('updateProfile', {
          company: form.company.trim(),
          bio: form.bio.trim(),
          phone: form.phone.trim(),
          location: form.location.trim(),
        }),
      ];
    },
    // The session reloads the user, so the header and menu show the saved values.
    'done:updateProfile': [call('userChanged')],
    'session.missing': [call('offerSignUp')],
  },
  states: {
    editing: ({ snapshot }) => expect(view(snapshot).saving).toBe(false),
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
      if (!snapshot.matches('editing')) return;
      // Kept as typed (trimming happens on save), and the field's old error goes.
      expect(selectProfileForm(snapshot)[event.field]).toBe(event.value);
      expect(selectFieldErrors(snapshot)[event.field]).toBeUndefined();
      expect(stepEffects.inputsOf('updateProfile')).toEqual([]);
    },
    'profile.save': ({ snapshot, previous, stepEffects }) => {
      if (!previous?.matches('editing')) return;
      const form = selectProfileForm(previous);
      if (form.phone === '555-CALL-NOW') {
        // Refused before anything is sent, with the contract's rule [product: PROF-7].
        expect(snapshot.matches('editing')).toBe(true);
        expect(selectFieldErrors(snapshot)).toEqual({ phone: PHONE_RULE });
        expect(stepEffects.inputsOf('updateProfile')).toEqual([]);
      } else {
        expect(snapshot.matches('saving')).toBe(true);
        // Only the four fields, trimmed [product: PROF-4].
        expect(stepEffects.inputsOf('updateProfile')).toEqual([
          {
            company: form.company.trim(),
            bio: form.bio.trim(),
            phone: form.phone.trim(),
            location: form.location.trim(),
          },
        ]);
      }
    },
    'done:updateProfile': ({ snapshot, stepEffects }) => {
      expect(view(snapshot)).toEqual({
        saving: false,
        result: { tone: 'success', text: 'Profile updated successfully!' },
        user: saved,
      });
      expect(selectProfileForm(snapshot)).toEqual({
        company: 'Globex',
        bio: '',
        phone: '+1 555 0100',
        location: '',
      });
      expect(stepEffects.actionNames()).toContain('userChanged');
    },
    'error:updateProfile': ({ snapshot, stepEffects }) => {
      expect(view(snapshot).result).toEqual({
        tone: 'error',
        text: 'Failed to update profile. Please try again.',
      });
      expect(stepEffects.actionNames()).not.toContain('userChanged');
    },
    'session.missing': ({ snapshot, stepEffects }) => {
      expect(snapshot.matches('leaving')).toBe(true);
      expect(stepEffects.actionNames()).toContain('offerSignUp');
    },
  },
});
