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

/** The form controls of a region a user can operate: fields, selects, switches, buttons. */
const CONTROLS = 'input:not([type="hidden"]), select, textarea, button';

/**
 * While a flow is busy, every form control of its view is disabled, none forgotten [issue 24 item 4]: each
 * control of `region` (a form, a dialog) is `disabled` itself or inside a disabled fieldset, or is read-only
 * (`readonly`: shown, never editable). `except` names controls that stay usable on purpose (a dialog's Close).
 */
export function expectEveryControlDisabled(region: HTMLElement, { except = [] }: { except?: string[] } = {}) {
  const editable = [...region.querySelectorAll<HTMLElement>(CONTROLS)]
    .filter((control) => !(control as HTMLInputElement).disabled && !control.closest('fieldset[disabled]'))
    .filter((control) => !control.hasAttribute('readonly'))
    .map((control) => nameOf(control))
    .filter((name) => !except.includes(name));
  expect(editable, 'controls left usable while busy').toEqual([]);
}

function nameOf(control: HTMLElement): string {
  const labelledBy = control.getAttribute('aria-labelledby');
  const byId = labelledBy ? control.ownerDocument.getElementById(labelledBy)?.textContent : null;
  const label =
    control.getAttribute('aria-label') ?? byId ?? (control as HTMLInputElement).labels?.[0]?.textContent;
  return (label ?? control.textContent ?? control.tagName).trim();
}
