import type { SessionEvent } from '../machines/session';

/**
 * The other tabs of this browser share the server session (its cookie), so they hear about its sign-ins and
 * sign-outs at once, whether or not they have loaded the auth service (whose own broadcast only reaches tabs that
 * have). A BroadcastChannel never delivers a message to the tab that sent it.
 */
export interface SessionTabs {
  /** This tab opened a new server session. */
  signedIn(): void;
  /** This tab signed out; `reason` is what the others say (null: the user asked, nothing to explain). */
  signedOut(reason: string | null): void;
}

export const SESSION_TABS_CHANNEL = 'beacon-session';

type TabMessage = { kind: 'signedIn' } | { kind: 'signedOut'; reason: string | null };

export function createSessionTabs({
  onEvent,
  openChannel = defaultChannel,
}: {
  onEvent: (event: SessionEvent) => void;
  /** Default: a BroadcastChannel, or none where the browser has none (the tabs then only meet at the server). */
  openChannel?: (name: string) => Pick<BroadcastChannel, 'postMessage' | 'addEventListener'> | null;
}): SessionTabs {
  const channel = openChannel(SESSION_TABS_CHANNEL);
  channel?.addEventListener('message', (message) => {
    const event = toSessionEvent((message as MessageEvent).data);
    if (event) onEvent(event);
  });
  const post = (message: TabMessage) => channel?.postMessage(message);
  return {
    signedIn: () => post({ kind: 'signedIn' }),
    signedOut: (reason) => post({ kind: 'signedOut', reason }),
  };
}

/** Another tab's message, checked: anything else on the channel is ignored. */
function toSessionEvent(data: unknown): SessionEvent | null {
  if (typeof data !== 'object' || data === null || !('kind' in data)) return null;
  if (data.kind === 'signedIn') return { type: 'tabs.signedIn' };
  if (data.kind !== 'signedOut') return null;
  const reason = 'reason' in data && typeof data.reason === 'string' ? data.reason : null;
  return { type: 'tabs.signedOut', reason };
}

function defaultChannel(name: string) {
  return typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(name);
}
