import * as v from 'valibot';
import { type ActorRefFrom, assertEvent, assign, type SnapshotFrom, setup } from 'xstate';
import {
  type CurrentUser,
  type ProfileField,
  type ProfileForm,
  profileFormSchema,
  type UserUpdateInput,
} from '../../contract/user';
import { PROFILE_SAVE_FAILED, PROFILE_SAVED } from '../domain/messages';
import { command, type PortIO, port, request } from './io';

/**
 * The Profile page [product: PROF, MSG-PROF]: the signed-in user's card and the Personal Information form, of which
 * only company, bio, phone and location are saved. The form is checked with the contract's schema, the same one the
 * server applies [product: PROF-6, PROF-7]. `updateProfile`, `offerSignUp` and `userChanged` (the session reloads
 * the user) are provided by the composition root.
 */

export interface ProfileInput {
  /** The session's user; null when there is no session (the view then sends `session.missing`). */
  user: CurrentUser | null;
}

export type FieldErrors = Partial<Record<ProfileField, string>>;

export interface ProfileResult {
  tone: 'success' | 'error';
  text: string;
}

export interface ProfileContext {
  user: CurrentUser | null;
  form: ProfileForm;
  fieldErrors: FieldErrors;
  result: ProfileResult | null;
}

export type ProfileEvent =
  | { type: 'profile.edit'; field: ProfileField; value: string }
  | { type: 'profile.save' }
  /** The view found no signed-in user on arrival. */
  | { type: 'session.missing' };

const formOf = (user: CurrentUser | null): ProfileForm => ({
  company: user?.company ?? '',
  bio: user?.bio ?? '',
  phone: user?.phone ?? '',
  location: user?.location ?? '',
});

/** Each field's first problem, by the contract's rules. */
function problemsOf(form: ProfileForm): FieldErrors {
  const result = v.safeParse(profileFormSchema, form);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = issue.path?.[0]?.key as ProfileField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** What the Profile page asks of the product API and the app (src/services/profile-io.ts). */
export const profilePort = port('profile', {
  /** PATCH /api/auth/me with the four fields only; answers the updated user. */
  updateProfile: request<(update: UserUpdateInput) => Promise<CurrentUser>>(),
  /** Lets the rest of the app see the change (header, menu). */
  userChanged: command<() => void>(),
  /** Navigation to /Landing?show_signup=1. */
  offerSignUp: command<() => void>(),
});
export type ProfileIO = PortIO<typeof profilePort>;

export const profileMachine = setup({
  // Stryker disable next-line ObjectLiteral: equivalent, xstate's setup never reads `types` at run time (type-checking only)
  types: {
    context: {} as ProfileContext,
    input: {} as ProfileInput,
    events: {} as ProfileEvent,
    tags: {} as 'saving',
  },
  actors: profilePort.actors,
  actions: {
    ...profilePort.actions,
    editField: assign(({ context, event }) => {
      assertEvent(event, 'profile.edit');
      const fieldErrors = { ...context.fieldErrors };
      delete fieldErrors[event.field];
      return { form: { ...context.form, [event.field]: event.value }, fieldErrors };
    }),
    showFieldErrors: assign(({ context }) => ({ fieldErrors: problemsOf(context.form), result: null })),
    clearResult: assign({ result: null }),
    storeUser: assign((_, user: CurrentUser) => ({ user, form: formOf(user) })),
    showResult: assign((_, result: ProfileResult) => ({ result })),
  },
  guards: {
    isInvalid: ({ context }) => Object.keys(problemsOf(context.form)).length > 0,
  },
}).createMachine({
  id: 'profile',
  context: ({ input }) => ({ user: input.user, form: formOf(input.user), fieldErrors: {}, result: null }),
  initial: 'editing',
  states: {
    // No session: off to the landing page with the sign-up dialog open [product: PROF-5].
    leaving: {
      type: 'final',
      entry: 'offerSignUp',
    },
    editing: {
      on: {
        'session.missing': { target: 'leaving' },
        'profile.edit': { actions: 'editField' },
        'profile.save': [{ guard: 'isInvalid', actions: 'showFieldErrors' }, { target: 'saving' }],
      },
    },
    saving: {
      tags: ['saving'],
      entry: 'clearResult',
      invoke: {
        src: 'updateProfile',
        // Only the four fields, trimmed; an empty field clears the value [product: PROF-4, PROF-6].
        input: ({ context }) => v.parse(profileFormSchema, context.form),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'storeUser', params: ({ event }) => event.output },
            { type: 'showResult', params: { tone: 'success', text: PROFILE_SAVED } },
            'userChanged',
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'showResult', params: { tone: 'error', text: PROFILE_SAVE_FAILED } },
        },
      },
    },
  },
});

export type ProfileMachine = typeof profileMachine;
export type ProfileActorRef = ActorRefFrom<ProfileMachine>;
export type ProfileSnapshot = SnapshotFrom<ProfileMachine>;

export const selectProfileUser = (snapshot: ProfileSnapshot) => snapshot.context.user;
export const selectProfileForm = (snapshot: ProfileSnapshot) => snapshot.context.form;
export const selectFieldErrors = (snapshot: ProfileSnapshot) => snapshot.context.fieldErrors;
export const selectProfileResult = (snapshot: ProfileSnapshot) => snapshot.context.result;
export const selectIsSavingProfile = (snapshot: ProfileSnapshot) => snapshot.hasTag('saving');
