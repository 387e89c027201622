/*
 * The copy buttons of /api-dokumentation and its guide (docs/decisions/0044-pages-for-integrators.md).
 * Progressive enhancement: without this script each command is a block of text to select, as it
 * always was. With it, each block (pre.command) gets a button "Kopiera kommandot", described by the
 * heading of its step or call, and a polite status beside it that says "Kopierat". Served as a file
 * of the site's own, so the Content-Security-Policy keeps script-src 'self' and no inline script.
 */
(() => {
  const texts = {
    copy: 'Kopiera kommandot',
    copied: 'Kopierat',
    failed: 'Det gick inte att kopiera automatiskt. Kommandot är markerat: kopiera det själv.',
  };
  const HEADING = /^H[2-4]$/;
  let headingCount = 0;

  /** The heading that names the command: its step's or call's, else the nearest one before it. */
  const headingOf = (block) => {
    const container = block.closest('ol.steps > li, section.operation');
    const own = container?.querySelector('h3');
    if (own) return own;
    for (let element = block; element; element = element.parentElement) {
      for (let before = element.previousElementSibling; before; before = before.previousElementSibling)
        if (HEADING.test(before.tagName)) return before;
    }
    return null;
  };

  /** The clipboard where the browser allows it; otherwise the text is selected for the reader. */
  const copy = async (block) => {
    const text = block.textContent ?? '';
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch {
      const selection = window.getSelection();
      const range = document.createRange();
      range.selectNodeContents(block);
      selection?.removeAllRanges();
      selection?.addRange(range);
      try {
        return document.execCommand('copy');
      } catch {
        return false;
      }
    }
  };

  for (const block of document.querySelectorAll('pre.command')) {
    const row = document.createElement('div');
    row.className = 'copy-row';
    row.lang = 'sv';
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'copy';
    button.textContent = texts.copy;
    const heading = headingOf(block);
    if (heading) {
      if (!heading.id) heading.id = `kommando-${++headingCount}`;
      button.setAttribute('aria-describedby', heading.id);
    }
    // In the page from the start, so that assistive technology follows it before it speaks.
    const status = document.createElement('span');
    status.className = 'copy-status';
    status.setAttribute('role', 'status');
    status.setAttribute('aria-live', 'polite');
    let clear;
    button.addEventListener('click', async () => {
      clearTimeout(clear);
      status.textContent = '';
      const copied = await copy(block);
      // A moment later, so that the same word said twice is said again.
      setTimeout(() => {
        status.textContent = copied ? texts.copied : texts.failed;
        if (copied) clear = setTimeout(() => (status.textContent = ''), 5000);
      }, 50);
    });
    row.append(button, status);
    block.after(row);
  }
})();
