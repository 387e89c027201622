/**
 * Where the focus goes when what had it is gone: the page's h1 (made focusable by script only),
 * never the body, so a keyboard or screen-reader user goes on from the page, not from its top.
 * Returns the element that took the focus, or null when the page has no h1 yet.
 */
export function focusPageHeading(root: ParentNode = document): HTMLElement | null {
  const heading = root.querySelector<HTMLElement>('main h1');
  if (!heading) return null;
  if (!heading.hasAttribute('tabindex')) heading.tabIndex = -1;
  heading.focus();
  return document.activeElement === heading ? heading : null;
}

/**
 * Gives the focus back to `element` when it is still on the page and can take it (a dialog
 * closing); otherwise to the page's heading.
 */
export function focusOrHeading(element: Element | null): HTMLElement | null {
  if (element instanceof HTMLElement && element !== element.ownerDocument.body && element.isConnected) {
    element.focus();
    if (element.ownerDocument.activeElement === element) return element;
  }
  return focusPageHeading(element?.ownerDocument ?? document);
}
