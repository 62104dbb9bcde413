import { describe, expect, it, vi } from 'vitest';
import { holdEarlyClicks } from '../../src/ui/hold-early-clicks';

function page() {
  const container = document.createElement('div');
  container.innerHTML = '<button type="button">Sign <b>In</b></button><p>Text</p>';
  document.body.append(container);
  const button = container.querySelector('button') as HTMLButtonElement;
  const onClick = vi.fn();
  button.addEventListener('click', onClick);
  return { container, button, bold: button.querySelector('b') as HTMLElement, onClick };
}

describe('a click on the prerendered landing page before the app has taken it over', () => {
  it('is held, then reaches the same button once the app is there', () => {
    const { container, bold, onClick } = page();
    const early = holdEarlyClicks(container);
    bold.click();
    expect(onClick).not.toHaveBeenCalled();

    early.replay();
    expect(onClick).toHaveBeenCalledTimes(1);
    early.replay();
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is not held after the replay, and is dropped if the button is gone by then', () => {
    const { container, button, onClick } = page();
    const early = holdEarlyClicks(container);
    early.replay();
    button.click();
    expect(onClick).toHaveBeenCalledTimes(1);

    const { container: other, button: removed, onClick: onRemovedClick } = page();
    const held = holdEarlyClicks(other);
    removed.click();
    removed.remove();
    held.replay();
    expect(onRemovedClick).not.toHaveBeenCalled();
  });

  it('leaves clicks on anything but buttons and links alone', () => {
    const { container } = page();
    const paragraph = container.querySelector('p') as HTMLElement;
    const onParagraphClick = vi.fn();
    paragraph.addEventListener('click', onParagraphClick);
    holdEarlyClicks(container);
    paragraph.click();
    expect(onParagraphClick).toHaveBeenCalledTimes(1);
  });
});
