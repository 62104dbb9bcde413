import { createContext, useContext, useEffect } from 'react';

/**
 * Told once a page's own content is React's, its handlers attached. The root's commit is too early for that: when
 * React hydrates the prerendered landing page, it commits the root before the router's Suspense boundaries under
 * it, and a click replayed then reaches a button that has no handler yet.
 */
export const PageReadyContext = createContext<(() => void) | undefined>(undefined);

/** Called by a page's component: its effects run once its own boundary has committed. */
export function useSignalPageReady(): void {
  const onReady = useContext(PageReadyContext);
  useEffect(() => onReady?.(), [onReady]);
}
