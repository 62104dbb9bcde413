import {
  type ComponentType,
  createElement,
  type LazyExoticComponent,
  Suspense,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/**
 * A part of the landing page that is only read, never used: its HTML comes from the build-time render, and the
 * browser keeps it as it is instead of hydrating it, so its code is not part of the first load and hydration does
 * not walk it [product: LAND]. When the page is rendered in the browser instead (a visit to /Landing from another
 * page), the content loads on demand and renders as usual.
 */

// Stryker disable next-line ArrowFunction: equivalent, the store never changes: its unsubscribe has nothing to undo.
const subscribeNever = () => () => {};
/** True while rendering on the server and while hydrating; false in every later render in the browser. */
const useServerOrHydrating = () =>
  useSyncExternalStore(
    subscribeNever,
    () => false,
    () => true,
  );

export interface StaticIslandProps {
  /** Names the island in the HTML (`data-island`), so the browser finds its prerendered content. */
  name: string;
  /** The content, a lazy component so that it is fetched only when it must be rendered. */
  content: LazyExoticComponent<ComponentType>;
  as?: 'div' | 'section' | 'footer' | 'aside';
  className?: string;
}

export function StaticIsland({ name, content: Content, as = 'div', className }: StaticIslandProps) {
  const serverOrHydrating = useServerOrHydrating();
  // Decided once, at the island's first render: hydrating in the browser keeps the prerendered HTML. It is read
  // before React commits anything and handed back as the element's inner HTML, so hydration finds what it has
  // (no mismatch to suppress).
  // One object for the island's life: React sets inner HTML again whenever the object changes, even to the same text.
  const [keptHtml, setKeptHtml] = useState<{ __html: string } | null>(() =>
    serverOrHydrating && typeof document !== 'undefined'
      ? {
          __html:
            document.querySelector(`[data-island="${name}"]`)?.innerHTML ??
            // Stryker disable next-line StringLiteral: equivalent, a hydration that finds no island starts afresh.
            '',
        }
      : null,
  );
  const ref = useRef<HTMLElement>(null);

  // If React had to render the page afresh instead of hydrating it, there is no HTML to keep: render the content.
  useLayoutEffect(() => {
    // Stryker disable next-line OptionalChaining: equivalent, a layout effect runs with its element mounted.
    if (ref.current?.childElementCount === 0) setKeptHtml(null);
    // Stryker disable next-line ArrayDeclaration: equivalent, the effect runs at the island's first commit either way.
  }, []);

  if (keptHtml !== null) {
    return createElement(as, {
      ref,
      className,
      'data-island': name,
      dangerouslySetInnerHTML: keptHtml,
    });
  }
  return createElement(
    as,
    { ref, className, 'data-island': name },
    <Suspense fallback={null}>
      <Content />
    </Suspense>,
  );
}
