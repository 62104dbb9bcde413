import * as v from 'valibot';
import { PASSWORD_MIN_LENGTH, validationMessages } from './messages';
import { emailSchema, objectMessage } from './primitives';

/**
 * Password rules shared by the signup and reset forms [product: SIGNUP-7, SIGNUP-8, RESET-5]. Passwords are never
 * trimmed.
 */
export const passwordSchema = v.pipe(
  v.string(validationMessages.passwordTooShort),
  v.minLength(PASSWORD_MIN_LENGTH, validationMessages.passwordTooShort),
);

/** The confirmation entry: required, and must equal `password` (the mismatch is reported on the confirmation). */
export const passwordPairEntries = {
  password: passwordSchema,
  confirmPassword: v.pipe(
    v.string(validationMessages.confirmPasswordRequired),
    v.nonEmpty(validationMessages.confirmPasswordRequired),
  ),
};

/** 'Set a new password' form of the Reset page. */
export const resetFormSchema = v.pipe(
  v.object(passwordPairEntries, objectMessage('reset form')),
  v.forward(
    v.partialCheck(
      [['password'], ['confirmPassword']],
      // An empty confirmation already has its own message.
      (input) => input.confirmPassword === '' || input.password === input.confirmPassword,
      validationMessages.passwordsDoNotMatch,
    ),
    ['confirmPassword'],
  ),
);
export type ResetForm = v.InferOutput<typeof resetFormSchema>;

/** Sign-in dialog: e-mail required (trimmed, lowercased), password required. */
/** E-mail for signing in; also used by "I verified my email", whose empty-address text is fixed [product: SIGNUP-4]. */
export const signInEmailSchema = v.pipe(
  v.string(validationMessages.emailRequiredForSignIn),
  v.trim(),
  v.nonEmpty(validationMessages.emailRequiredForSignIn),
  v.toLowerCase(),
  v.email(validationMessages.emailInvalid),
);

export const signInFormSchema = v.object(
  {
    email: signInEmailSchema,
    password: v.pipe(
      v.string(validationMessages.passwordRequired),
      v.nonEmpty(validationMessages.passwordRequired),
    ),
  },
  objectMessage('sign in form'),
);
export type SignInForm = v.InferOutput<typeof signInFormSchema>;

/** Requests that need only an address (password-reset email, resend confirmation, "I verified my email"). */
export const emailOnlyFormSchema = v.object({ email: emailSchema }, objectMessage('email only form'));
export type EmailOnlyForm = v.InferOutput<typeof emailOnlyFormSchema>;
