/** User-facing validation texts, verbatim from docs/product.md [product: SIGNUP-18, SIGNIN-7, LAND-34, REFUND-8]. */
export const validationMessages = {
  passwordTooShort: 'Password must be at least 8 characters long.',
  passwordsDoNotMatch: 'Passwords do not match.',
  confirmPasswordRequired: 'Please confirm your password.',
  refundIdRequired: 'Enter a Checkout Session ID (cs_...) or Payment Intent ID (pi_...).',
  emailRequiredForSignIn: 'Please enter your email to sign in.',
  emailRequired: 'Please enter your email.',
  emailInvalid: 'Please enter a valid email address.',
  passwordRequired: 'Please enter your password.',
  fullNameRequired: 'Please enter your full name.',
  companyRequired: 'Please enter your company name.',
  nameRequired: 'Please enter your name.',
  messageRequired: 'Please enter a message.',
  cancelCommentTooLong: 'Comment must be at most 300 characters.',
} as const;

export const PASSWORD_MIN_LENGTH = 8;
