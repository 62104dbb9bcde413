import { googleSubject, newId } from './ids';
import type { IdentityRecord, UserRecord } from './store';

// How accounts come to be and change, following GoTrue's models: identity data is merged into user_metadata, and
// confirming an e-mail marks the identity verified too.

export function newEmailUser({
  id = newId(),
  email,
  passwordHash,
  data,
  at,
}: {
  id?: string;
  email: string;
  passwordHash: string;
  data: Record<string, unknown>;
  at: string;
}): UserRecord {
  const identityData = { sub: id, email, email_verified: false, phone_verified: false };
  const identity: IdentityRecord = {
    identityId: newId(),
    providerId: id,
    provider: 'email',
    identityData,
    email,
    createdAt: at,
    updatedAt: at,
    lastSignInAt: at,
  };
  return {
    id,
    email,
    passwordHash,
    emailConfirmedAt: null,
    confirmationSentAt: null,
    recoverySentAt: null,
    emailChangeSentAt: null,
    newEmail: null,
    lastSignInAt: null,
    appMetadata: { provider: 'email', providers: ['email'] },
    userMetadata: { ...data, ...identityData },
    identities: [identity],
    createdAt: at,
    updatedAt: at,
  };
}

function googleIdentityData(email: string, fullName: string) {
  return {
    iss: 'https://accounts.google.com',
    sub: googleSubject(email),
    provider_id: googleSubject(email),
    email,
    email_verified: true,
    phone_verified: false,
    name: fullName,
    full_name: fullName,
  };
}

export function newGoogleUser({
  email,
  fullName,
  at,
}: {
  email: string;
  fullName: string;
  at: string;
}): UserRecord {
  const id = newId();
  const identityData = googleIdentityData(email, fullName);
  return {
    id,
    email,
    passwordHash: null,
    emailConfirmedAt: at,
    confirmationSentAt: null,
    recoverySentAt: null,
    emailChangeSentAt: null,
    newEmail: null,
    lastSignInAt: null,
    appMetadata: { provider: 'google', providers: ['google'] },
    userMetadata: { ...identityData },
    identities: [
      {
        identityId: newId(),
        providerId: identityData.sub,
        provider: 'google',
        identityData,
        email,
        createdAt: at,
        updatedAt: at,
        lastSignInAt: at,
      },
    ],
    createdAt: at,
    updatedAt: at,
  };
}

/**
 * GoTrue links a Google identity to an existing account with the same (Google-verified) address. The address is
 * then proven, so the account counts as confirmed.
 */
export function linkGoogleIdentity(user: UserRecord, fullName: string, at: string): void {
  if (!user.identities.some((identity) => identity.provider === 'google')) {
    const identityData = googleIdentityData(user.email, fullName);
    user.identities.push({
      identityId: newId(),
      providerId: identityData.sub,
      provider: 'google',
      identityData,
      email: user.email,
      createdAt: at,
      updatedAt: at,
      lastSignInAt: at,
    });
    const providers = new Set([...asStrings(user.appMetadata.providers), 'google']);
    user.appMetadata = { ...user.appMetadata, providers: [...providers] };
  }
  confirmEmail(user, at);
}

export function confirmEmail(user: UserRecord, at: string): void {
  if (user.emailConfirmedAt) return;
  user.emailConfirmedAt = at;
  for (const identity of user.identities) {
    if (identity.provider === 'email')
      identity.identityData = { ...identity.identityData, email_verified: true };
  }
  if ('email_verified' in user.userMetadata)
    user.userMetadata = { ...user.userMetadata, email_verified: true };
  user.updatedAt = at;
}

export function recordSignIn(user: UserRecord, provider: IdentityRecord['provider'], at: string): void {
  user.lastSignInAt = at;
  const identity = user.identities.find((candidate) => candidate.provider === provider);
  if (identity) identity.lastSignInAt = at;
}

/** GoTrue's UpdateUserMetaData: keys are merged, a null value deletes the key. */
export function mergeUserMetadata(user: UserRecord, updates: Record<string, unknown>, at: string): void {
  const merged = { ...user.userMetadata };
  for (const [key, value] of Object.entries(updates)) {
    if (value === null) delete merged[key];
    else merged[key] = value;
  }
  user.userMetadata = merged;
  user.updatedAt = at;
}

export function changeEmail(user: UserRecord, email: string, at: string): void {
  user.email = email;
  user.newEmail = null;
  user.emailChangeSentAt = null;
  for (const identity of user.identities) {
    if (identity.provider === 'email') {
      identity.email = email;
      identity.identityData = { ...identity.identityData, email };
      identity.updatedAt = at;
    }
  }
  if ('email' in user.userMetadata) user.userMetadata = { ...user.userMetadata, email };
  user.updatedAt = at;
}

function asStrings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
