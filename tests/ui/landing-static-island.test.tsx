import { act, render, screen, waitFor } from '@testing-library/react';
import { lazy, type ReactElement } from 'react';
import { prerender } from 'react-dom/static';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { StaticIsland } from '../../src/ui/landing/StaticIsland';

/** A read-only part's content, lazy as the page's are: `load` counts the fetches of its code. */
function lazyContent() {
  const load = vi.fn(async () => ({ default: () => <h2>Nine feature tiles</h2> }));
  return { Content: lazy(load), load };
}

/** The island as the build renders it (src/prerender/landing.tsx): in Node, where there is no document. */
async function buildTimeHtml(element: ReactElement) {
  vi.stubGlobal('document', undefined);
  try {
    const { prelude } = await prerender(element);
    return await new Response(prelude).text();
  } finally {
    vi.unstubAllGlobals();
  }
}

const pages: HTMLElement[] = [];
/** A page holding `html`, as the browser has it before the app hydrates it. */
function pageWith(html: string) {
  const container = document.createElement('div');
  container.innerHTML = html;
  document.body.append(container);
  pages.push(container);
  return container;
}

const island = (content: ReturnType<typeof lazyContent>['Content'], className = 'tiles') => (
  <StaticIsland name="features" as="section" className={className} content={content} />
);

afterEach(() => {
  vi.unstubAllGlobals();
  for (const page of pages.splice(0)) page.remove();
});

describe('a read-only part of the landing page (StaticIsland) [product: LAND]', () => {
  it('is rendered with its content at build time, named for the browser to find', async () => {
    const html = await buildTimeHtml(island(lazyContent().Content));

    const part = pageWith(html).querySelector('section[data-island="features"]');
    expect(part).toHaveClass('tiles');
    expect(part?.querySelector('h2')).toHaveTextContent('Nine feature tiles');
  });

  it("keeps the build's HTML when the browser hydrates the page, without fetching its code", async () => {
    const html = await buildTimeHtml(island(lazyContent().Content));
    const container = pageWith(html);
    const prerendered = screen.getByRole('heading', { name: 'Nine feature tiles' });
    const { Content, load } = lazyContent();

    const { rerender } = await act(async () => render(island(Content), { container, hydrate: true }));
    // A later render (another class name) leaves the HTML as it is, the very nodes.
    rerender(island(Content, 'tiles wide'));

    expect(screen.getByRole('heading', { name: 'Nine feature tiles' })).toBe(prerendered);
    expect(container.querySelector('[data-island="features"]')).toHaveClass('tiles wide');
    expect(load).not.toHaveBeenCalled();
    expect(console.error).not.toHaveBeenCalled();
  });

  it('renders its content when the page is rendered in the browser instead, even over a page the build rendered', async () => {
    // What the build rendered is still there while React renders afresh (after a hydration that failed).
    pageWith(await buildTimeHtml(island(lazyContent().Content)));
    const { Content, load } = lazyContent();
    const { container } = render(<StaticIsland name="features" className="tiles" content={Content} />);

    await waitFor(() => expect(container.querySelector('h2')).toHaveTextContent('Nine feature tiles'));
    expect(container.querySelector('div[data-island="features"]')).toHaveClass('tiles');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders its content when the page it hydrates has none', async () => {
    const container = pageWith('<section data-island="features" class="tiles"></section>');
    const { Content } = lazyContent();

    await act(async () => render(island(Content), { container, hydrate: true }));

    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Nine feature tiles' })).toBeInTheDocument(),
    );
  });
});
