import { assign, type EventObject } from 'xstate';

/**
 * What a flow tells its view about the last attempt: an error, or good news (an e-mail sent, a plan changed). Both
 * are cleared when the next attempt starts, and each replaces the other.
 */
export interface Feedback {
  error: string | null;
  notice: string | null;
}

export const noFeedback: Feedback = { error: null, notice: null };

/**
 * `showError`, `showNotice` and `clearFeedback`, for the `setup({ actions })` of a machine whose context carries
 * `Feedback`: `...feedbackActions<SignInContext, SignInEvent>()`.
 */
export function feedbackActions<TContext extends Feedback, TEvent extends EventObject>() {
  // The actions set only the two fields of Feedback, which every such context has.
  const set = (feedback: Feedback) => feedback as Partial<TContext>;
  return {
    showError: assign<TContext, TEvent, { text: string }, TEvent, never>((_, { text }) =>
      set({ error: text, notice: null }),
    ),
    showNotice: assign<TContext, TEvent, { text: string }, TEvent, never>((_, { text }) =>
      set({ error: null, notice: text }),
    ),
    clearFeedback: assign<TContext, TEvent, undefined, TEvent, never>(() => set(noFeedback)),
  };
}

/** `showError` and `clearError`, for a machine whose context carries only an error (a page, not a form). */
export function errorActions<TContext extends { error: string | null }, TEvent extends EventObject>() {
  const set = (error: string | null) => ({ error }) as Partial<TContext>;
  return {
    showError: assign<TContext, TEvent, { text: string }, TEvent, never>((_, { text }) => set(text)),
    clearError: assign<TContext, TEvent, undefined, TEvent, never>(() => set(null)),
  };
}
