import type { JWK } from 'jose';

// Everything the emulator remembers. Plain JSON-able records, so the whole state can be written to a file and read
// back after a restart. Timestamps are ISO strings. The collections stay tiny, so arrays and linear scans do.

export interface IdentityRecord {
  identityId: string;
  /** The provider's subject: the user id for `email`, Google's numeric id for `google`. */
  providerId: string;
  provider: 'email' | 'google';
  identityData: Record<string, unknown>;
  email: string;
  createdAt: string;
  updatedAt: string;
  lastSignInAt: string | null;
}

export interface UserRecord {
  id: string;
  email: string;
  /** scrypt hash; null for accounts created through Google. */
  passwordHash: string | null;
  emailConfirmedAt: string | null;
  confirmationSentAt: string | null;
  recoverySentAt: string | null;
  emailChangeSentAt: string | null;
  newEmail: string | null;
  lastSignInAt: string | null;
  appMetadata: Record<string, unknown>;
  userMetadata: Record<string, unknown>;
  identities: IdentityRecord[];
  createdAt: string;
  updatedAt: string;
}

export interface AmrEntry {
  method: string;
  timestamp: number;
}

export interface SessionRecord {
  id: string;
  userId: string;
  amr: AmrEntry[];
  createdAt: string;
  refreshedAt: string | null;
}

export interface RefreshTokenRecord {
  token: string;
  sessionId: string;
  userId: string;
  /** The token this one replaced at a refresh; null for a sign-in's first. */
  parent?: string | null;
  revoked: boolean;
  /** When it was revoked (GoTrue's updated_at): the reuse interval counts from here. */
  revokedAt?: string | null;
  createdAt: string;
}

export type OneTimeTokenType = 'signup' | 'recovery' | 'email_change';

/** An outstanding e-mail link (and its six-digit code). One per user and type: a new one replaces the old. */
export interface OneTimeTokenRecord {
  tokenHash: string;
  otp: string;
  type: OneTimeTokenType;
  userId: string;
  /** The address the mail went to. */
  email: string;
  /** Set under PKCE: the flow whose auth code the link yields. */
  flowStateId: string | null;
  createdAt: string;
}

export type FlowAuthMethod = 'email/signup' | 'recovery' | 'email_change' | 'oauth';

/** A PKCE flow: remembered challenge, later an auth code that is exchanged once for a session. */
export interface FlowStateRecord {
  id: string;
  authCode: string;
  codeChallenge: string;
  codeChallengeMethod: 's256' | 'plain';
  authMethod: FlowAuthMethod;
  provider: 'email' | 'google';
  userId: string | null;
  providerAccessToken: string | null;
  createdAt: string;
  /** When the code went out in a redirect; the exchange window starts here. */
  authCodeIssuedAt: string | null;
}

export interface SigningKeyRecord {
  kid: string;
  privateJwk: JWK;
}

export interface AuthState {
  version: 1;
  signingKey: SigningKeyRecord | null;
  users: UserRecord[];
  sessions: SessionRecord[];
  refreshTokens: RefreshTokenRecord[];
  oneTimeTokens: OneTimeTokenRecord[];
  flowStates: FlowStateRecord[];
}

export function emptyState(): AuthState {
  return {
    version: 1,
    signingKey: null,
    users: [],
    sessions: [],
    refreshTokens: [],
    oneTimeTokens: [],
    flowStates: [],
  };
}

/**
 * Queries and mutations over the state. Callers may mutate a record they got from here, and must then call
 * `changed()` so that persistence sees it.
 */
export class AuthStore {
  #listeners: (() => void)[] = [];

  constructor(private state: AuthState) {}

  get snapshot(): AuthState {
    return this.state;
  }

  onChange(listener: () => void): void {
    this.#listeners.push(listener);
  }

  changed(): void {
    for (const listener of this.#listeners) listener();
  }

  /** Back to the given users, forgetting sessions, links and flows; the signing key stays. */
  reset(users: UserRecord[]): void {
    this.state = { ...emptyState(), signingKey: this.state.signingKey, users };
    this.changed();
  }

  get signingKey(): SigningKeyRecord | null {
    return this.state.signingKey;
  }

  set signingKey(key: SigningKeyRecord) {
    this.state.signingKey = key;
    this.changed();
  }

  // Users

  userById(id: string): UserRecord | undefined {
    return this.state.users.find((user) => user.id === id);
  }

  userByEmail(email: string): UserRecord | undefined {
    const wanted = email.toLowerCase();
    return this.state.users.find((user) => user.email === wanted);
  }

  addUser(user: UserRecord): void {
    this.state.users.push(user);
    this.changed();
  }

  // Sessions and refresh tokens

  addSession(session: SessionRecord): void {
    this.state.sessions.push(session);
    this.changed();
  }

  session(id: string): SessionRecord | undefined {
    return this.state.sessions.find((session) => session.id === id);
  }

  sessionsOf(userId: string): SessionRecord[] {
    return this.state.sessions.filter((session) => session.userId === userId);
  }

  removeSessions(ids: readonly string[]): void {
    if (ids.length === 0) return;
    const doomed = new Set(ids);
    this.state.sessions = this.state.sessions.filter((session) => !doomed.has(session.id));
    this.state.refreshTokens = this.state.refreshTokens.filter((token) => !doomed.has(token.sessionId));
    this.changed();
  }

  addRefreshToken(token: RefreshTokenRecord): void {
    this.state.refreshTokens.push(token);
    this.changed();
  }

  refreshToken(token: string): RefreshTokenRecord | undefined {
    return this.state.refreshTokens.find((record) => record.token === token);
  }

  /** The session's newest token not revoked (GoTrue's FindCurrentlyActiveRefreshToken). */
  activeRefreshToken(sessionId: string): RefreshTokenRecord | undefined {
    return this.state.refreshTokens.findLast((record) => record.sessionId === sessionId && !record.revoked);
  }

  revokeRefreshToken(record: RefreshTokenRecord, at: string): void {
    record.revoked = true;
    record.revokedAt = at;
    this.changed();
  }

  /** Every token of the session, when a used one comes back too late (GoTrue's RevokeTokenFamily). */
  revokeRefreshTokensOf(sessionId: string, at: string): void {
    for (const record of this.state.refreshTokens) {
      if (record.sessionId === sessionId && !record.revoked) {
        record.revoked = true;
        record.revokedAt = at;
      }
    }
    this.changed();
  }

  // One-time tokens (e-mail links)

  putOneTimeToken(token: OneTimeTokenRecord): void {
    this.state.oneTimeTokens = this.state.oneTimeTokens.filter(
      (existing) => !(existing.userId === token.userId && existing.type === token.type),
    );
    this.state.oneTimeTokens.push(token);
    this.changed();
  }

  oneTimeTokenByHash(hash: string): OneTimeTokenRecord | undefined {
    return this.state.oneTimeTokens.find((token) => token.tokenHash === hash);
  }

  oneTimeTokenByOtp(
    email: string,
    otp: string,
    types: readonly OneTimeTokenType[],
  ): OneTimeTokenRecord | undefined {
    const wanted = email.toLowerCase();
    return this.state.oneTimeTokens.find(
      (token) => token.email === wanted && token.otp === otp && types.includes(token.type),
    );
  }

  removeOneTimeTokensOf(userId: string): void {
    this.state.oneTimeTokens = this.state.oneTimeTokens.filter((token) => token.userId !== userId);
    this.changed();
  }

  removeOneTimeToken(token: OneTimeTokenRecord): void {
    this.state.oneTimeTokens = this.state.oneTimeTokens.filter((existing) => existing !== token);
    this.changed();
  }

  // PKCE flow states

  addFlowState(flow: FlowStateRecord): void {
    this.state.flowStates.push(flow);
    this.changed();
  }

  flowState(id: string): FlowStateRecord | undefined {
    return this.state.flowStates.find((flow) => flow.id === id);
  }

  flowStateByAuthCode(authCode: string): FlowStateRecord | undefined {
    return this.state.flowStates.find((flow) => flow.authCode === authCode);
  }

  removeFlowState(flow: FlowStateRecord): void {
    this.state.flowStates = this.state.flowStates.filter((existing) => existing !== flow);
    this.changed();
  }
}
