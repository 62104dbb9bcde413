import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  ContactDetails,
  FeatureTiles,
  FooterContent,
  HeroPreview,
  SocialProof,
} from '../../src/ui/landing/content';
import { buttonClassName, LandingButton } from '../../src/ui/landing/LandingButton';
import buttonClasses from '../../src/ui/landing/LandingButton.module.css';

/**
 * The landing page's read-only texts (src/ui/landing/content.tsx)
 * [product: LAND-9, LAND-31, LAND-32, LAND-33, LAND-41]
 * The copy is marketing's; what the product asks of it is checked here: every part says something, the statistics
 * and footer read as the product asks, and every icon draws.
 */
const textOf = (element: Element | null | undefined) => element?.textContent?.trim() ?? '';

/** Each of the elements holds text of its own, and no two say the same. */
function expectTexts(elements: Element[], count: number) {
  const texts = elements.map(textOf);
  expect(texts).toHaveLength(count);
  expect(texts.filter((text) => text.length > 0)).toHaveLength(count);
  expect(new Set(texts).size).toBe(count);
}

/** Every icon in the part draws its own shape. */
function expectIconsDrawn(part: HTMLElement, count: number) {
  const shapes = [...part.querySelectorAll('svg path')].map((path) => path.getAttribute('d') ?? '');
  expect(shapes).toHaveLength(count);
  expect(new Set(shapes.filter((shape) => shape.length > 0)).size).toBe(count);
}

describe("the landing page's read-only parts say what they are for", () => {
  it('the feature tiles: a header and 9 tiles, each with an icon, a title and a text [product: LAND-32]', () => {
    const { container } = render(<FeatureTiles />);

    const header = container.querySelector('header');
    expectTexts([...(header?.children ?? [])], 3);
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent(/\w/);
    const tiles = screen.getAllByRole('listitem');
    expectTexts(
      tiles.map((tile) => within(tile).getByRole('heading', { level: 3 })),
      9,
    );
    expectTexts(
      tiles.map((tile) => tile.querySelector('p') as Element),
      9,
    );
    expectIconsDrawn(container, 9);
  });

  it('the social proof: the statistics as the product asks, 3 testimonials and 6 customers [product: LAND-31, LAND-32]', () => {
    const { container } = render(<SocialProof />);

    const statistics = [...container.querySelectorAll('dl > div')].map((entry) => [
      textOf(entry.querySelector('dt')),
      textOf(entry.querySelector('dd')),
    ]);
    expect(statistics).toEqual([
      ['Devices Monitored', '500K+'],
      ['Uptime', '99.9%'],
      ['Response Time', '<30s'],
      ['Happy Customers', '2000+'],
    ]);
    expectTexts([...(container.querySelector('header')?.children ?? [])], 2);
    const testimonials = [...container.querySelectorAll('figure')];
    expectTexts(
      testimonials.map((testimonial) => testimonial.querySelector('blockquote') as Element),
      3,
    );
    for (const testimonial of testimonials)
      expect(textOf(testimonial.querySelector('blockquote'))).toMatch(/^“.+”$/);
    expectTexts(
      testimonials.map((testimonial) => testimonial.querySelector('figcaption strong') as Element),
      3,
    );
    expectTexts(
      testimonials.map((testimonial) => testimonial.querySelector('figcaption span') as Element),
      3,
    );
    expectTexts(within(screen.getByRole('list', { name: 'Customers' })).getAllByRole('listitem'), 6);
  });

  it('the contact details: a heading, a lead and the four placeholder details, each with its icon [product: LAND-33]', () => {
    const { container } = render(<ContactDetails />);

    expectTexts([screen.getByRole('heading', { level: 3 }), container.querySelector('p') as Element], 2);
    expectTexts(screen.getAllByRole('listitem'), 4);
    expect(screen.getByText(/@/)).toBeInTheDocument();
    expectIconsDrawn(container, 4);
  });

  it('the footer: links to the three sections, the other entries as plain text [product: LAND-33, LAND-41]', () => {
    const { container } = render(<FooterContent />);

    const footer = screen.getByRole('navigation', { name: 'Footer' });
    expect(
      within(footer)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Features', '#features'],
      ['Pricing', '#pricing'],
      ['Contact', '#contact'],
    ]);
    expectTexts(within(footer).getAllByRole('heading', { level: 2 }), 3);
    const placeholders = within(footer)
      .getAllByRole('listitem')
      .filter((entry) => !within(entry).queryByRole('link'));
    expectTexts(placeholders, 6);
    expect(screen.getByText('Beacon RMM')).toBeInTheDocument();
    expectTexts([...container.querySelectorAll(':scope > div > div > p, :scope > div > p')], 2);
  });

  it('the hero preview: a picture of the fleet, hidden from screen readers [product: LAND-9]', () => {
    const { container } = render(<HeroPreview />);

    const preview = container.firstElementChild as HTMLElement;
    expect(preview).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
    expect(textOf(preview.firstElementChild)).not.toBe('');
    expectTexts([...preview.querySelectorAll('strong')], 3);
    expectTexts([...preview.querySelectorAll('strong + span')], 3);
    const devices = [...preview.querySelectorAll('li')];
    expectTexts(
      devices.map((device) => device.querySelector('small') as Element),
      4,
    );
    for (const device of devices) {
      const name = device.querySelector('small')?.parentElement?.firstChild;
      expect(name?.textContent).toMatch(/^[A-Z0-9-]+$/);
      expect(device.lastElementChild).toHaveTextContent(/^CPU \d+%$/);
    }
    const bars = [...(preview.children[2]?.children ?? [])] as HTMLElement[];
    expect(bars).toHaveLength(12);
    for (const bar of bars) expect(bar.style.height).toMatch(/^\d+%$/);
  });
});

describe("the landing page's buttons", () => {
  it('look filled and small unless told otherwise, and are plain buttons that submit nothing', () => {
    render(<LandingButton>Join Beta</LandingButton>);

    const button = screen.getByRole('button', { name: 'Join Beta' });
    expect(button).toHaveAttribute('type', 'button');
    expect(button.className).toBe(`${buttonClasses.button} ${buttonClasses.filled}`);
  });

  it('take each look asked for, the caller’s class last; links that look like one share it', () => {
    expect(buttonClassName({ variant: 'default', size: 'lg', fullWidth: true, className: 'extra' })).toBe(
      [buttonClasses.button, buttonClasses.default, buttonClasses.lg, buttonClasses.full, 'extra'].join(' '),
    );
    expect(buttonClassName({ variant: 'subtle', size: 'md' })).toBe(
      `${buttonClasses.button} ${buttonClasses.subtle} ${buttonClasses.md}`,
    );
  });
});
