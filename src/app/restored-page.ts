/**
 * A page the browser brings back from its back/forward cache is the page as it was left, signed-in user and all,
 * however long ago: a sign-out in another tab, or on another device, since then is unknown to it (its tabs channel
 * and the auth service heard nothing while it was frozen). Such a page asks the server again (`recheck`: the
 * session's reload), so a session that ended shows the visitor's page instead of the last user's.
 */
export function recheckSessionOnRestore(target: Pick<Window, 'addEventListener'>, recheck: () => void): void {
  target.addEventListener('pageshow', (event) => {
    if ((event as PageTransitionEvent).persisted) recheck();
  });
}
