import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { SessionSnapshot } from '../../machines/session';
import { useSessionActor } from '../app-context';
import { hideToast, showToast } from '../toasts/toast-host';

const selectError = (snapshot: SessionSnapshot) => snapshot.context.error;

/**
 * Session failures (sign-in that could not load the account, sign-out that failed, a server that cannot be reached)
 * surface as a red toast, taken down once the session has moved on ("Trying again…" ends when it worked).
 */
export default function SessionErrorToasts() {
  const error = useSelector(useSessionActor(), selectError);
  useEffect(() => {
    if (!error) return;
    // One toast per message: the same failure again while its toast is still up does not stack a second one.
    const id = `session-error:${error}`;
    void showToast({ id, color: 'red', title: 'Session', message: error });
    return () => void hideToast(id);
  }, [error]);
  return null;
}
