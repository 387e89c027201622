import { describe, expect, it } from 'vitest';
import { sanitizeHtml } from './sanitizeHtml';

const render = (html: string) => {
  const container = document.createElement('div');
  container.innerHTML = sanitizeHtml(html);
  return container;
};

const attributesOf = (container: HTMLElement) =>
  [...container.querySelectorAll('*')].flatMap((element) =>
    [...element.attributes].map((attribute) => `${attribute.name}=${attribute.value}`),
  );

describe('sanitizing dynamic text', () => {
  it('keeps the markup of a news text', () => {
    const html =
      '<h3>Ny version</h3><p>Läs in under <strong>Inläsningar</strong>.</p>' +
      '<ul><li><em>punkt</em></li></ul><p><a href="https://www.inera.se/">manualen</a></p>';
    expect(sanitizeHtml(html)).toBe(html);
  });

  it.each([
    ['a script element', '<p>Hej</p><script>alert(1)</script>'],
    ['a script in svg', '<svg><script>alert(1)</script></svg>'],
    ['an event handler', '<img src="x.png" onerror="alert(1)"><p onclick="alert(1)">Hej</p>'],
    ['an event handler on svg', '<svg onload="alert(1)"></svg>'],
    ['a javascript: link', '<a href="javascript:alert(1)">klicka</a>'],
    ['a javascript: link in mixed case and entities', '<a href="JaVa&#x09;ScRiPt&#58;alert(1)">klicka</a>'],
    ['a javascript: form action', '<form action="javascript:alert(1)"><button>Skicka</button></form>'],
    ['an iframe', '<iframe src="javascript:alert(1)"></iframe>'],
    ['an object', '<object data="javascript:alert(1)"></object>'],
    ['a style attribute', '<p style="background:url(javascript:alert(1))">Hej</p>'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">'],
  ])('removes %s', (_name, html) => {
    const container = render(html);
    expect(container.querySelector('script, iframe, object, embed, form, meta, style')).toBeNull();
    for (const attribute of attributesOf(container)) {
      expect(attribute).not.toMatch(/^on/i);
      expect(attribute).not.toMatch(/javascript:/i);
      expect(attribute).not.toMatch(/^style=/i);
    }
    expect(container.innerHTML).not.toMatch(/alert/);
  });
});
