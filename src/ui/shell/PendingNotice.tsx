import { useRouter } from '@tanstack/react-router';
import { isOnPage, pageNames } from '../../domain/pages';
import classes from './PendingNotice.module.css';

/**
 * What a page shows while its guard waits; the texts are [product: ROUTE-9, REFUND-2]. In the page's own text colour,
 * readable at WCAG AA's 4.5:1 in both schemes (the dimmed grey was 3.3:1 on white).
 */
export function PendingNotice({ text }: { text: string }) {
  return (
    <div className={classes.notice} role="status" aria-live="polite">
      <p className={classes.text}>{text}</p>
    </div>
  );
}

/** The session-check page says what it waits for [product: CHECK-1]; every other page 'Loading…'. */
export function GuardPending() {
  // A plain read of where the router is going: subscribing to its state (useRouterState) would add its store's
  // selector code to the landing page's first load, and a pending notice is rendered afresh for each navigation.
  const pathname = useRouter().latestLocation.pathname;
  return <PendingNotice text={isOnPage(pathname, pageNames.dashboard) ? 'Checking session…' : 'Loading…'} />;
}
export const AdminCheckPending = () => <PendingNotice text="Checking admin access..." />;

/** Waits shorter than this show nothing, so fast loads (and the landing page) never flash a notice. */
export const PENDING_GRACE_MS = 150;
