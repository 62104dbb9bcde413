import { newId } from './ids';
import type { IdentityRecord, UserRecord } from './store';

// The User object on the wire (auth-js `User`, GoTrue models/user.go). GoTrue omits unset timestamps rather than
// sending null, and the client copes with either; we omit them too.

export type UserJson = Record<string, unknown>;

function identityJson(user: UserRecord, identity: IdentityRecord): Record<string, unknown> {
  return {
    identity_id: identity.identityId,
    id: identity.providerId,
    user_id: user.id,
    identity_data: identity.identityData,
    provider: identity.provider,
    last_sign_in_at: identity.lastSignInAt ?? undefined,
    created_at: identity.createdAt,
    updated_at: identity.updatedAt,
    email: identity.email,
  };
}

export function userJson(user: UserRecord): UserJson {
  return {
    id: user.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: user.email,
    email_confirmed_at: user.emailConfirmedAt ?? undefined,
    phone: '',
    confirmation_sent_at: user.confirmationSentAt ?? undefined,
    confirmed_at: user.emailConfirmedAt ?? undefined,
    recovery_sent_at: user.recoverySentAt ?? undefined,
    email_change_sent_at: user.emailChangeSentAt ?? undefined,
    new_email: user.newEmail ?? undefined,
    last_sign_in_at: user.lastSignInAt ?? undefined,
    app_metadata: user.appMetadata,
    user_metadata: user.userMetadata,
    identities: user.identities.map((identity) => identityJson(user, identity)),
    created_at: user.createdAt,
    updated_at: user.updatedAt,
    is_anonymous: false,
  };
}

/**
 * GoTrue's answer to a sign-up for an address that is already confirmed (signup.go `sanitizeUser`): a made-up
 * user with a fresh id and no identities, so the response does not reveal that the account exists.
 */
export function decoyUserJson(email: string, data: Record<string, unknown>, at: string): UserJson {
  return {
    id: newId(),
    aud: 'authenticated',
    // sanitizeUser clears the role too.
    role: '',
    email,
    phone: '',
    confirmation_sent_at: at,
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: data,
    identities: [],
    created_at: at,
    updated_at: at,
    is_anonymous: false,
  };
}
