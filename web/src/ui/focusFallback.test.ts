import { afterEach, describe, expect, it } from 'vitest';
import { focusOrHeading, focusPageHeading } from './focusFallback';

afterEach(() => {
  document.body.innerHTML = '';
});

function page() {
  document.body.innerHTML = '<main><h1>Välkommen</h1><p><button>Knapp</button></p></main>';
  return {
    heading: document.querySelector('h1')!,
    button: document.querySelector('button')!,
  };
}

describe('focus that never falls to the body', () => {
  it('goes back to what had it while that is still there', () => {
    const { button } = page();
    expect(focusOrHeading(button)).toBe(button);
    expect(document.activeElement).toBe(button);
  });

  it('goes to the heading when nothing had it, or what had it is gone', () => {
    const { heading, button } = page();
    expect(focusOrHeading(document.body)).toBe(heading);
    expect(heading.tabIndex).toBe(-1);
    button.focus();
    button.remove();
    expect(focusOrHeading(button)).toBe(heading);
    expect(focusOrHeading(null)).toBe(heading);
  });

  it('goes to the heading when what had it can no longer take it', () => {
    const { heading, button } = page();
    button.disabled = true;
    expect(focusOrHeading(button)).toBe(heading);
    expect(document.activeElement).toBe(heading);
  });

  it('keeps a heading that is focusable already as it is, and says when there is none', () => {
    document.body.innerHTML = '<main><h1 tabindex="0">Sida</h1></main>';
    expect(focusPageHeading()?.tabIndex).toBe(0);
    document.body.innerHTML = '<main><p>Laddar …</p></main>';
    expect(focusPageHeading()).toBeNull();
  });
});
