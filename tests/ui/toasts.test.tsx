import { MantineProvider } from '@mantine/core';
import { act, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import Toasts from '../../src/ui/toasts/Toasts';
import { hideToast, showToast } from '../../src/ui/toasts/toast-host';

describe('toasts [product: LIMIT-20, LIMIT-26]', () => {
  it('shows at most 20 at once; the rest wait and show as others are dismissed, which leave at once', async () => {
    render(
      <MantineProvider>
        <Toasts />
      </MantineProvider>,
    );
    await act(async () => {
      for (let n = 1; n <= 22; n++)
        await showToast({ id: `toast-${n}`, message: `Toast ${n}`, autoClose: false });
    });
    await waitFor(() => expect(screen.getAllByText(/^Toast \d+$/)).toHaveLength(20));
    expect(screen.queryByText('Toast 21')).not.toBeInTheDocument();
    // Each one can be dismissed by a named button.
    expect(screen.getAllByRole('button', { name: 'Close' })).toHaveLength(20);

    await act(() => hideToast('toast-1'));
    await waitFor(() => expect(screen.getByText('Toast 21')).toBeInTheDocument());
    // The dismissed toast is gone from the page, not kept for LIMIT-21's 1,000,000 ms.
    await waitFor(() => expect(screen.queryByText('Toast 1')).not.toBeInTheDocument());
    expect(screen.getAllByText(/^Toast \d+$/)).toHaveLength(20);
  });
});
