import { within } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * What a form says about its last outcome, exactly: the error as an alert, good news as a status, nothing for a
 * null (src/ui/forms/FormFeedback.tsx and the onboarding form's alert).
 */
export function expectFeedback(
  container: HTMLElement,
  { error, notice }: { error: string | null; notice: string | null },
) {
  const region = within(container);
  if (error) expect(region.getByRole('alert').textContent).toBe(error);
  else expect(region.queryByRole('alert')).not.toBeInTheDocument();
  if (notice) expect(region.getByRole('status').textContent).toBe(notice);
  else expect(region.queryByRole('status')).not.toBeInTheDocument();
}

/**
 * An element found by `find` once, and again only once it has left the page: role queries search the whole page,
 * which is large, while the region they find (a dialog, the main content) stays put for the length of a path.
 */
export function foundOnce(find: () => HTMLElement): () => HTMLElement {
  let found: HTMLElement | null = null;
  return () => {
    if (!found?.isConnected) found = find();
    return found;
  };
}
