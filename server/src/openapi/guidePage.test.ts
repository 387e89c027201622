import { describe, expect, it } from 'vitest';
import { guideFor, guideHtml } from './guidePage';

/** docs/api-guide.md as a page: nothing written in the guide can put markup or script on it. */
describe('the guide page', () => {
  const draw = (markdown: string) => {
    const page = guideHtml(markdown, '');
    return page.slice(page.indexOf('<article'), page.indexOf('</article>'));
  };

  it('shows HTML in the Markdown as text', () => {
    const article = draw(
      '# Rubrik\n\n<script>alert(1)</script>\n\nText <img src=x onerror="alert(1)"> och <b>fet</b>.\n\n<iframe src="https://example.se"></iframe>\n',
    );
    expect(article).not.toMatch(/<(script|img|iframe|b)\b/);
    expect(article).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(article).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('links only to this site or over https; any other link stays text', () => {
    const article = draw(
      [
        '[a](javascript:alert(1)) [b](JAVASCRIPT:alert(1)) [c](data:text/html,x) [d](vbscript:x)',
        '[e](//evil.example) [f](http://plain.example) ![g](data:image/png;base64,AAAA)',
        '[h](/api-dokumentation) [i](#quick-start) [j](https://www.standardwebhooks.com/)',
        '<javascript:alert(1)>',
      ].join('\n\n'),
    );
    const hrefs = [...article.matchAll(/(?:href|src)="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs).toEqual(['/api-dokumentation', '#quick-start', 'https://www.standardwebhooks.com/']);
    expect(article).not.toContain('<img');
  });

  it('makes shell blocks commands to copy, other blocks examples, and escapes both', () => {
    const article = draw('```sh\necho "<b>" && ls\n```\n\n```json\n{ "a": "</code>" }\n```\n');
    expect(article).toContain(
      '<pre class="example command"><code>echo &quot;&lt;b&gt;&quot; &amp;&amp; ls</code></pre>',
    );
    expect(article).toContain(
      '<pre class="example"><code>{ &quot;a&quot;: &quot;&lt;/code&gt;&quot; }</code></pre>',
    );
  });

  it('names the service’s own address for the example one', () => {
    const page = guideHtml('```sh\nexport HMDB_URL=https://hjalpmedel.example.se\n```\n', '');
    expect(guideFor(page, 'https://hmdb.region.se')).toContain(
      'export HMDB_URL=https://hmdb.region.se</code>',
    );
  });
});
