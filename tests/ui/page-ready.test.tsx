import { render, screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import { AppRoot } from '../../src/app/AppRoot';
import { createTestRoot } from './render-app';

it('tells the app that the landing page is its own only once the page is there (the held click is replayed then)', async () => {
  const headingsWhenReady: (string | null)[] = [];
  const onPageReady = vi.fn(() => {
    headingsWhenReady.push(document.querySelector('h1')?.textContent ?? null);
  });
  const { router, context } = createTestRoot('/Landing');
  render(<AppRoot router={router} onPageReady={onPageReady} />);

  await screen.findByRole('heading', { level: 1, name: 'Monitor. Manage. Maximize.' });
  await waitFor(() => expect(onPageReady).toHaveBeenCalled());
  expect(headingsWhenReady.every((heading) => heading === 'Monitor. Manage. Maximize.')).toBe(true);
  // The flows start loading at the page's signal: let them arrive before the test ends.
  await Promise.all([context.flows, context.session.ready, context.runtimeConfig]);
});
