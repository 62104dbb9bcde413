import { type AuthContext, nowIso } from './context';
import { AuthFailure, validationFailed } from './errors';
import { newOtp, tokenHash } from './ids';
import { sendAuthMail } from './mailer';
import { type PkceParams, startFlow } from './pkce';
import type {
  FlowAuthMethod,
  FlowStateRecord,
  OneTimeTokenRecord,
  OneTimeTokenType,
  UserRecord,
} from './store';
import { changeEmail, confirmEmail } from './users';

// E-mail links: `${publicUrl}/auth/v1/verify?token=<hash>&type=<type>&redirect_to=<url>`, the token prefixed `pkce_`
// when the flow that sent it is PKCE (GoTrue templatemailer getPath, pkce.go PKCEPrefix).

export const PKCE_PREFIX = 'pkce_';

export const FLOW_FOR_TOKEN: Record<OneTimeTokenType, FlowAuthMethod> = {
  signup: 'email/signup',
  recovery: 'recovery',
  email_change: 'email_change',
};

/** Which outstanding tokens a verification `type` may redeem; GoTrue's `email` covers sign-up confirmations. */
const TOKEN_TYPES_FOR: Record<string, readonly OneTimeTokenType[]> = {
  signup: ['signup'],
  // GoTrue's `email` type redeems a sign-up confirmation or a recovery (verify.go verifyTokenHash).
  email: ['signup', 'recovery'],
  recovery: ['recovery'],
  email_change: ['email_change'],
  magiclink: [],
  invite: [],
};

export function tokenTypesFor(type: string | null | undefined): readonly OneTimeTokenType[] {
  const types = type ? TOKEN_TYPES_FOR[type] : undefined;
  if (!types) throw validationFailed('Verify requires a verification type');
  return types;
}

const SENT_AT_FIELD = {
  signup: 'confirmationSentAt',
  recovery: 'recoverySentAt',
  email_change: 'emailChangeSentAt',
} as const satisfies Record<OneTimeTokenType, keyof UserRecord>;

/** Creates the link (replacing any earlier one of the same type), records when it went out, and mails it. */
export async function sendEmailLink(
  ctx: AuthContext,
  {
    user,
    type,
    to = user.email,
    redirectTo,
    pkce,
  }: { user: UserRecord; type: OneTimeTokenType; to?: string; redirectTo: string; pkce: PkceParams | null },
): Promise<void> {
  const flow = pkce
    ? startFlow(ctx, pkce, { authMethod: FLOW_FOR_TOKEN[type], provider: 'email', userId: user.id })
    : null;
  const otp = newOtp();
  const hash = tokenHash(to, otp);
  ctx.store.putOneTimeToken({
    tokenHash: hash,
    otp,
    type,
    userId: user.id,
    email: to,
    flowStateId: flow?.id ?? null,
    createdAt: nowIso(ctx),
  });
  user[SENT_AT_FIELD[type]] = nowIso(ctx);
  ctx.store.changed();

  const link = new URL(`${ctx.config.publicUrl}/auth/v1/verify`);
  link.searchParams.set('token', `${flow ? PKCE_PREFIX : ''}${hash}`);
  link.searchParams.set('type', type);
  link.searchParams.set('redirect_to', redirectTo);
  await sendAuthMail(ctx, { kind: type, to, link: link.toString(), otp });
}

export interface LinkLookup {
  /** The link's token, with or without the `pkce_` prefix. */
  tokenHash?: string | null;
  /** Or the address and the six-digit code. */
  email?: string | null;
  otp?: string | null;
  type: string | null | undefined;
}

/** Finds an unexpired token for the lookup, or fails with 403 otp_expired and `expiredMessage`. */
export function findLinkToken(
  ctx: AuthContext,
  lookup: LinkLookup,
  expiredMessage: string,
): OneTimeTokenRecord {
  const types = tokenTypesFor(lookup.type);
  const expired = () => new AuthFailure(403, 'otp_expired', expiredMessage);
  let token: OneTimeTokenRecord | undefined;
  if (lookup.tokenHash) {
    const hash = lookup.tokenHash.startsWith(PKCE_PREFIX)
      ? lookup.tokenHash.slice(PKCE_PREFIX.length)
      : lookup.tokenHash;
    token = ctx.store.oneTimeTokenByHash(hash);
  } else if (lookup.email && lookup.otp) {
    token = ctx.store.oneTimeTokenByOtp(lookup.email, lookup.otp, types);
  } else {
    throw validationFailed('Verify requires either a token or a token hash');
  }
  if (!token || !types.includes(token.type)) throw expired();
  if (ctx.config.now().getTime() > Date.parse(token.createdAt) + ctx.config.otpExpirySeconds * 1000) {
    ctx.store.removeOneTimeToken(token);
    throw expired();
  }
  return token;
}

/** Redeems a token once: confirms the address, or completes the e-mail change. */
export function redeemLinkToken(
  ctx: AuthContext,
  token: OneTimeTokenRecord,
  expiredMessage: string,
): { user: UserRecord; flow: FlowStateRecord | null } {
  const user = ctx.store.userById(token.userId);
  ctx.store.removeOneTimeToken(token);
  if (!user) throw new AuthFailure(403, 'otp_expired', expiredMessage);
  const at = nowIso(ctx);
  if (token.type === 'email_change') {
    if (!user.newEmail) throw new AuthFailure(403, 'otp_expired', expiredMessage);
    const holder = ctx.store.userByEmail(user.newEmail);
    if (holder && holder.id !== user.id) {
      throw new AuthFailure(
        422,
        'email_exists',
        'A user with this email address has already been registered',
      );
    }
    changeEmail(user, user.newEmail, at);
  } else {
    // A recovery link proves the address as well, so GoTrue confirms it.
    confirmEmail(user, at);
  }
  ctx.store.changed();
  const flow = token.flowStateId ? (ctx.store.flowState(token.flowStateId) ?? null) : null;
  return { user, flow };
}
