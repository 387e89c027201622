import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isPlainMarkup } from './plainMarkup';
import { sanitizeHtml } from './sanitizeHtml';

const demoNews =
  '<h3>Ny version av Hjälpmedelsdatabasen</h3><p>Leverantörer kan nu läsa in sin generella prislista som Excel-fil under <strong>Inläsningar</strong> i huvudmenyn. ' +
  'Ladda ner mallen i dialogen Läs in fil, fyll i raderna och läs in filen.</p><p>Läs mer i <a href="https://www.inera.se/tjanster/hjalpmedelstjansten/">manualen</a>.</p>';

const parsed = (html: string) => {
  const container = document.createElement('div');
  container.innerHTML = html;
  return container;
};

const allowedElements = new Set([
  'P',
  'H2',
  'H3',
  'H4',
  'H5',
  'H6',
  'STRONG',
  'EM',
  'B',
  'I',
  'U',
  'UL',
  'OL',
  'LI',
  'BLOCKQUOTE',
  'BR',
  'A',
]);

/** What a parsed text holds that plain markup may not: any other element or attribute. */
function unsafeParts(container: HTMLElement): string[] {
  return [...container.querySelectorAll('*')].flatMap((element) => [
    ...(allowedElements.has(element.tagName) ? [] : [element.tagName]),
    ...[...element.attributes]
      .filter(
        (attribute) =>
          !(element.tagName === 'A' && attribute.name === 'href' && /^https:\/\//.test(attribute.value)),
      )
      .map((attribute) => `${element.tagName} ${attribute.name}=${attribute.value}`),
  ]);
}

describe('news that needs no cleaning', () => {
  it.each([
    ['the demo news', demoNews],
    ['plain text', 'Inga nyheter i dag & i morgon > i går.'],
    ['a list of links', '<ul><li><a href="https://www.inera.se/">Inera</a></li></ul>'],
    ['line breaks', 'Rad ett<br>rad två<br/>rad tre<br />'],
  ])('passes %s, and DOMPurify would show it the same', (_name, html) => {
    expect(isPlainMarkup(html)).toBe(true);
    expect(parsed(html).innerHTML).toBe(parsed(sanitizeHtml(html)).innerHTML);
  });

  it.each([
    ['a script element', '<p>Hej</p><script>alert(1)</script>'],
    ['svg', '<svg onload="alert(1)"></svg>'],
    ['an event handler', '<p onclick="alert(1)">Hej</p>'],
    ['an image', '<img src="x.png">'],
    ['a javascript: link', '<a href="javascript:alert(1)">klicka</a>'],
    ['an http link', '<a href="http://example.se/">klicka</a>'],
    ['a link with a second attribute', '<a href="https://example.se/" onclick="alert(1)">klicka</a>'],
    ['a link quoted otherwise', "<a href='https://example.se/'>klicka</a>"],
    ['an encoded scheme', '<a href="https&#58;//example.se/">klicka</a>'],
    ['a style element', '<style>p{}</style>'],
    ['a style attribute', '<p style="color:red">Hej</p>'],
    ['a comment', '<!-- <script>alert(1)</script> -->'],
    ['a tag in capitals', '<P>Hej</P>'],
    ['an unfinished tag', 'Hej <p'],
    ['a lone angle bracket', 'a < b'],
    ['a form', '<form><button>Skicka</button></form>'],
  ])('sends %s to DOMPurify', (_name, html) => {
    expect(isPlainMarkup(html)).toBe(false);
  });

  it('never passes a text whose parsed form holds another element or attribute', () => {
    const piece = fc.constantFrom(
      '<p>',
      '</p>',
      '<h3>',
      '</h3>',
      '<strong>',
      '</strong>',
      '<ul>',
      '<li>',
      '</li>',
      '</ul>',
      '<br>',
      '</a>',
      '<a href="https://www.inera.se/">',
      '<a href="https://x.se/"onclick="alert(1)">',
      '<a href="https://x.se/ ">',
      '<script>',
      '</script>',
      '<img src=x onerror=alert(1)>',
      '<svg>',
      '<math>',
      '<style>',
      '<!--',
      '-->',
      '"',
      "'",
      '<',
      '>',
      '&',
      '&lt;',
      '&#60;',
      'javascript:',
      'alert(1)',
      'text ',
      ' ',
      '=',
      '/',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const html = pieces.join('');
        if (isPlainMarkup(html)) expect(unsafeParts(parsed(html))).toEqual([]);
      }),
      { numRuns: 2_000 },
    );
  });

  it('refuses a long text whose last tag is unfinished', () => {
    const long = `${'<p>Hej och välkommen</p>'.repeat(20_000)}<p`;
    expect(isPlainMarkup(long)).toBe(false);
  });
});
