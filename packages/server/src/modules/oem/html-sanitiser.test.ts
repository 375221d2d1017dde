import { describe, expect, it } from 'vitest';
import { sanitisePageHtml } from './html-sanitiser';

describe('sanitisePageHtml', () => {
  it('keeps headings, formatting, lists, tables, links and images', () => {
    const html =
      '<h1>Title</h1><h3>Sub</h3><p><strong>b</strong> <em>i</em> <u>u</u> <code>c</code></p>' +
      '<ol start="3"><li>x</li></ol><blockquote>q</blockquote><hr />' +
      '<table><thead><tr><th scope="col">h</th></tr></thead><tbody><tr><td rowspan="2">d</td></tr></tbody></table>' +
      '<a href="http://a.test/">a</a><img src="https://a.test/i.png" alt="i" width="10" />';
    expect(sanitisePageHtml(html)).toBe(html);
  });

  it('removes scripts, event handlers, iframes, forms, objects and style elements', () => {
    const dirty =
      '<script>alert(1)</script><p onclick="x()" onmouseover="y()">p</p><iframe src="https://a.test"></iframe>' +
      '<form action="https://evil.test"><input name="password" /></form><object data="x.swf"></object>' +
      '<embed src="x.swf" /><style>p{}</style><base href="https://evil.test/" />' +
      '<meta http-equiv="refresh" content="0;url=javascript:alert(1)" /><svg onload="alert(1)"></svg>' +
      '<math><mi xlink:href="javascript:alert(1)">m</mi></math><noscript><img src=x onerror=alert(1)></noscript>';
    const clean = sanitisePageHtml(dirty);
    expect(clean).not.toMatch(
      /script|onclick|onmouseover|onload|onerror|iframe|form|input|object|embed|style|base|meta|svg|javascript/i,
    );
    expect(clean).toContain('<p>p</p>');
  });

  it('drops javascript:, vbscript: and data: links however they are spelled', () => {
    for (const href of [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      ' javascript:alert(1)',
      'java\tscript:alert(1)',
      '&#106;avascript:alert(1)',
      '&#x6A;avascript:alert(1)',
      'vbscript:msgbox(1)',
      'data:text/html;base64,PHNjcmlwdD4=',
      '//evil.test/x',
    ]) {
      expect(sanitisePageHtml(`<a href="${href}">x</a>`), href).toBe('<a>x</a>');
    }
  });

  it('keeps only harmless style properties with plain values', () => {
    expect(
      sanitisePageHtml('<p style="color: red; text-align: center; position: fixed; z-index: 99">x</p>'),
    ).toBe('<p style="color:red;text-align:center">x</p>');
    for (const style of [
      'background-color: url(https://evil.test/x)',
      'width: expression(alert(1))',
      'color: re\\64',
      'behavior: url(x.htc)',
      'background-image: url(javascript:alert(1))',
    ]) {
      expect(sanitisePageHtml(`<p style="${style}">x</p>`), style).toBe('<p>x</p>');
    }
  });

  it('gives links that open a new tab rel="noopener noreferrer" and drops any other rel', () => {
    expect(sanitisePageHtml('<a href="https://a.test" target="_blank" rel="opener">x</a>')).toBe(
      '<a href="https://a.test" target="_blank" rel="noopener noreferrer">x</a>',
    );
    expect(sanitisePageHtml('<a href="https://a.test" rel="opener">x</a>')).toBe(
      '<a href="https://a.test">x</a>',
    );
  });

  it('keeps inline images but no other data: sources', () => {
    expect(sanitisePageHtml('<img src="data:image/gif;base64,R0lGOD" />')).toBe(
      '<img src="data:image/gif;base64,R0lGOD" />',
    );
    expect(sanitisePageHtml('<img src="data:text/html,<b>" />')).toBe('<img />');
    expect(sanitisePageHtml('<img src="javascript:alert(1)" />')).toBe('<img />');
  });
});
