/** Text rules that depend only on a message or an error body [product: MSG-SIGNUP, MSG-SIGNIN, MSG-RESEND, SET-7]. */

export const FORM_CHECK_FALLBACK = 'Please check the form and try again.';
export const ONBOARDING_CHECK_FALLBACK = 'Please check the fields and try again.';

/** 400/422 field errors as `field: message, message` lines; the fallback when there are none. */
export function fieldErrorsText(
  errors: Record<string, readonly string[]> | null | undefined,
  fallback: string = FORM_CHECK_FALLBACK,
): string {
  const lines = Object.entries(errors ?? {})
    .filter(([, messages]) => messages.length > 0)
    .map(([field, messages]) => `${field}: ${messages.join(', ')}`);
  return lines.length > 0 ? lines.join('\n') : fallback;
}

export const ALREADY_REGISTERED = 'This email is already registered. Please sign in instead.';

/** An auth error meaning the address already has an account ('already registered' or 'already exists'). */
export function isAlreadyRegisteredError(message: string | null | undefined): boolean {
  const text = (message ?? '').toLowerCase();
  return text.includes('already registered') || text.includes('already exists');
}

export const EMAIL_NOT_CONFIRMED_YET = 'Email not confirmed yet. Please check your inbox or resend the link.';

/** Sign-in failure text: a message about confirmation gets the confirmation hint; else the message or a fallback. */
export function signInFailureText(message: string | null | undefined): string {
  if (!message) return 'Sign in failed';
  return message.toLowerCase().includes('confirm') ? EMAIL_NOT_CONFIRMED_YET : message;
}

/** The text an error carries, or null when it has none (auth-service errors are Errors; some libraries throw
 * plain objects with a message). */
export function errorMessage(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('message' in error)) return null;
  const { message } = error;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** The HTTP status the API client's errors carry; null for a failure that got no answer (the network). */
export function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}

/**
 * Whether a call failed because the server has no session for the caller: an answer of status 401, the product
 * API's code `unauthenticated`, or the message 'Unauthenticated' [product: MSG-PRICING-1]. The one test for it,
 * wherever a flow or the API client asks.
 */
export function isUnauthenticatedError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  if ('status' in error && error.status === 401) return true;
  if ('code' in error && error.code === 'unauthenticated') return true;
  return errorMessage(error)?.trim().toLowerCase() === 'unauthenticated';
}

/** Password sign-in succeeded for an address that was never confirmed: it is signed out again [product: SIGNIN-6]. */
export const EMAIL_NOT_CONFIRMED = 'Email not confirmed. Please verify your email before signing in.';

/**
 * Google sign-in failure alert [product: MSG-SIGNIN-4, MSG-SIGNIN-5]. The auth service refusing names itself in the
 * fallback; anything else that went wrong (no network, no client) is unexpected.
 */
export function googleSignInFailureText(
  message: string | null | undefined,
  refusedByAuthService: boolean,
): string {
  const fallback = refusedByAuthService ? 'Supabase sign-in failed' : 'Unexpected error during sign-in';
  return `Login error: ${message || fallback}`;
}

/** A resend refused because the address is confirmed already: good news, not a failure. */
export function isAlreadyConfirmedError(message: string | null | undefined): boolean {
  return /already (confirmed|verified)/i.test(message ?? '');
}

/** The Settings result banner is green when the message says 'successfully', red otherwise. */
export function isSuccessMessage(message: string | null | undefined): boolean {
  return (message ?? '').toLowerCase().includes('successfully');
}

/** Someone is signed in and another address tries to sign in [product: MSG-SIGNIN-3]. */
export function signedInAsOtherText(signedInEmail: string, requestedEmail: string): string {
  return `You are currently signed in as ${signedInEmail}. Please sign out first to continue with ${requestedEmail}.`;
}

/**
 * The signed-in address `current` when `requested` names another account (addresses compare case-blind), else null:
 * nobody is signed in, or it is the same account.
 */
export function otherSignedInAccount(current: string | null | undefined, requested: string): string | null {
  if (!current) return null;
  return current.trim().toLowerCase() === requested.trim().toLowerCase() ? null : current;
}

/** Profile save results [product: MSG-PROF-1, MSG-PROF-2]. */
export const PROFILE_SAVED = 'Profile updated successfully!';
export const PROFILE_SAVE_FAILED = 'Failed to update profile. Please try again.';

/** Settings save results [product: MSG-SET-1, MSG-SET-2]. */
export const SETTINGS_SAVED = 'Settings saved successfully!';
export const SETTINGS_SAVE_FAILED = 'Failed to save settings. Please try again.';
/** The billing page's and the change-plan dialog's texts [product: MSG-BILL]. */
export const billingMessages = {
  planUpdated: 'Plan updated. Refreshing...',
  planChangeFailed: 'Could not change plan. Please contact support.',
  noCheckoutUrl: 'No checkout URL received. Please try again.',
  checkoutFailed: 'Failed to create checkout session.',
  noPortalUrl: 'Could not open the billing portal. Please try again later.',
  portalFailed: 'Failed to open billing portal. Please try again or contact support.',
  /** [product: BILL-17] */
  loadFailed: 'Could not load billing information. Please try again.',
  /** [product: MSG-WEBHOOK-1] */
  noWebhookStatus: 'No webhook status available. Ensure your endpoint is configured and reachable.',
} as const;

/** Over a limit without the server's words (they normally say how long to wait) [product: MSG-BILL-7]. */
export const TOO_MANY_REQUESTS = 'Too many requests. Please try again in a minute.';

/**
 * The text for a failed billing action [product: MSG-BILL-7]: over a limit (429), the server's own words, which say
 * when to try again; otherwise the action's own message.
 */
export function billingFailureText(error: unknown, fallback: string): string {
  const status = typeof error === 'object' && error !== null && 'status' in error ? error.status : undefined;
  return status === 429 ? (errorMessage(error) ?? TOO_MANY_REQUESTS) : fallback;
}

/** The cancel dialog's texts [product: MSG-CANCEL]. */
export const cancelMessages = {
  alreadyCanceled: 'This subscription has already been canceled.',
  alreadyScheduled: 'Cancellation was scheduled.',
  canceledImmediately: 'Subscription canceled immediately.',
  processed: 'Cancellation processed.',
  unable: 'Unable to cancel the subscription.',
  failed: 'Cancellation failed. Please try again or contact support.',
} as const;

/** What a cancel answer means for the customer: its message, and whether anything is (or was) cancelled. */
export function cancelOutcome(answer: {
  canceled?: boolean;
  canceledImmediately?: boolean;
  alreadyScheduled?: boolean;
  alreadyCanceled?: boolean;
}): { ok: boolean; text: string } {
  if (answer.canceled === true) {
    return {
      ok: true,
      text: answer.canceledImmediately ? cancelMessages.canceledImmediately : cancelMessages.processed,
    };
  }
  if (answer.alreadyScheduled === true) return { ok: true, text: cancelMessages.alreadyScheduled };
  if (answer.alreadyCanceled === true) return { ok: true, text: cancelMessages.alreadyCanceled };
  return { ok: false, text: cancelMessages.unable };
}
/** The refund reversal's outcomes [product: MSG-REFUND-1, MSG-REFUND-2, MSG-REFUND-3]. */
export const REFUND_PROCESSED = 'Refund reversal processed and access updated.';
export const REFUND_ALREADY_PROCESSED = 'Already processed previously.';
export const REFUND_FAILED = 'Could not process refund.';
/** The password typed again for a reversal could not be confirmed, and the auth service said nothing [product: MSG-REFUND-5]. */
export const REFUND_REAUTHENTICATION_FAILED = 'Your password could not be confirmed. Please try again.';
/** A reversal in the recent list whose refund went through and whose subscription is not ended yet. */
export const REVERSAL_UNFINISHED = 'Refunded; subscription not ended yet: reverse again to finish';
