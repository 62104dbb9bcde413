import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { SessionSnapshot } from '../../machines/session';
import { useSessionActor } from '../app-context';
import { showToast } from '../toasts/toast-host';

const selectError = (snapshot: SessionSnapshot) => snapshot.context.error;

/** Session failures (sign-in that could not load the account, sign-out that failed) surface as a red toast. */
export default function SessionErrorToasts() {
  const error = useSelector(useSessionActor(), selectError);
  useEffect(() => {
    // One toast per message: the same failure again while its toast is still up does not stack a second one.
    if (error)
      void showToast({ id: `session-error:${error}`, color: 'red', title: 'Session', message: error });
  }, [error]);
  return null;
}
