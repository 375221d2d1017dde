import { CSS_MESSAGES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { decodeEscapes, findCssProblems, stripComments } from './css-sanitiser';

describe('findCssProblems', () => {
  it('accepts ordinary styling, media queries, nesting, https and inline images', () => {
    const css = `
      /* brand colours */
      :root { --brand: #c2600e; }
      .app-header, .landing-header { background: var(--brand) !important; }
      h1 > a:hover::after { content: "\\3c  back"; color: rgb(0 0 0 / 50%); }
      @media (max-width: 800px) { .page { padding: calc(1rem + 2px); } }
      @font-face { font-family: Brand; src: url(https://fonts.example.com/brand.woff2) format("woff2"); }
      .hero { background-image: url("data:image/png;base64,iVBORw0KGgo="), url('https://cdn.example.com/a.png'); }
      .card { .title { font-weight: 700; } }
      a[href$=".pdf"] { padding-right: 1em; }
    `;
    expect(findCssProblems(css)).toEqual([]);
  });

  it('accepts the empty string', () => {
    expect(findCssProblems('')).toEqual([]);
  });

  it('refuses anything that could close the style element', () => {
    expect(findCssProblems('</style><script>alert(1)</script>')).toContain(CSS_MESSAGES.lessThan);
    expect(findCssProblems('p { color: red } </STYLE >')).toContain(CSS_MESSAGES.lessThan);
    expect(findCssProblems('p::before { content: "<b>" }')).toContain(CSS_MESSAGES.lessThan);
    expect(findCssProblems('<!-- p {} -->')).toContain(CSS_MESSAGES.lessThan);
  });

  it('refuses @import however it is written', () => {
    for (const css of [
      '@import url(https://evil.example/x.css);',
      '@IMPORT "https://evil.example/x.css";',
      '@\\69mport "x.css";',
      '@im\\port "x.css";',
    ]) {
      expect(findCssProblems(css), css).toContain(CSS_MESSAGES.importRule);
    }
  });

  it('refuses expression() including escaped and commented forms', () => {
    for (const css of [
      'p { width: expression(alert(1)); }',
      'p { width: EXPRESSION (alert(1)); }',
      'p { width: expr/**/ession(alert(1)); }',
      'p { width: expr\\65 ssion(alert(1)); }',
      'p { width: \\000065xpression(alert(1)); }',
    ]) {
      expect(findCssProblems(css), css).toContain(CSS_MESSAGES.expression);
    }
  });

  it('refuses javascript: and vbscript: addresses', () => {
    for (const css of [
      'a { background: url(javascript:alert(1)); }',
      'a { background: url("JaVaScRiPt:alert(1)"); }',
      'a { background: url("java\\73 cript:alert(1)"); }',
      'a { background: url(vbscript:msgbox(1)); }',
      'a { background: url("java\\\nscript:alert(1)"); }',
    ]) {
      expect(findCssProblems(css), css).toContain(CSS_MESSAGES.scriptUrl);
    }
  });

  it('refuses behavior, -moz-binding and IE filters', () => {
    for (const css of [
      'body { behavior: url(x.htc); }',
      'body { BEHAVIOR : url(x.htc); }',
      'body { -moz-binding: url("https://evil.example/x.xml#xss"); }',
      'body { -moz-\\62 inding: url(x); }',
      "img { filter: progid:DXImageTransform.Microsoft.AlphaImageLoader(src='x.png'); }",
    ]) {
      expect(findCssProblems(css), css).toContain(CSS_MESSAGES.binding);
    }
  });

  it('refuses url() to anything but https: and data:image/', () => {
    for (const css of [
      'p { background: url(http://insecure.example/a.png); }',
      'p { background: url(//evil.example/a.png); }',
      'p { background: url(/static/a.png); }',
      'p { background: url( "data:text/html;base64,PHNjcmlwdD4=" ); }',
      'p { background: url(); }',
      'p { background: U\\52L(http://evil.example/a.png); }',
      '@font-face { src: url(ftp://x/f.woff); }',
    ]) {
      expect(findCssProblems(css), css).toContain(CSS_MESSAGES.url);
    }
  });

  it('refuses image strings that load from elsewhere', () => {
    for (const css of [
      'p { background: image-set("http://evil.example/a.png" 1x); }',
      'p { background: -webkit-image-set("/a.png" 1x, "https://ok.example/b.png" 2x); }',
      'p { background: image("http://evil.example/a.png"); }',
      'p { background: src("http://evil.example/a.png"); }',
      'p { background: cross-fade("http://a.example/a.png", "https://b.example/b.png", 50%); }',
    ]) {
      expect(findCssProblems(css), css).toContain(CSS_MESSAGES.url);
    }
    expect(
      findCssProblems(
        'p { background: image-set("https://ok.example/a.png" 1x, url(https://ok.example/b.png) 2x); }',
      ),
    ).toEqual([]);
  });

  it('refuses unbalanced braces but not braces inside strings or comments', () => {
    expect(findCssProblems('p { color: red; } } body { display: none; }')).toContain(CSS_MESSAGES.braces);
    expect(findCssProblems('p { color: red;')).toContain(CSS_MESSAGES.braces);
    expect(findCssProblems('p::after { content: "}"; } /* { */')).toEqual([]);
  });

  it('lists every problem once, in a stable order', () => {
    const problems = findCssProblems(
      '@import "x.css"; p { width: expression(1); background: url(javascript:alert(1)); } } </style>',
    );
    expect(problems).toEqual([
      CSS_MESSAGES.lessThan,
      CSS_MESSAGES.importRule,
      CSS_MESSAGES.expression,
      CSS_MESSAGES.scriptUrl,
      CSS_MESSAGES.url,
      CSS_MESSAGES.braces,
    ]);
  });
});

describe('decodeEscapes', () => {
  it('decodes hex escapes with their optional space, plain escapes and line continuations', () => {
    expect(decodeEscapes('u\\72 l')).toBe('url');
    expect(decodeEscapes('\\000075rl')).toBe('url');
    expect(decodeEscapes('\\u\\r\\l')).toBe('url');
    expect(decodeEscapes('a\\\nb')).toBe('ab');
    expect(decodeEscapes('\\0 x')).toBe('\uFFFDx');
    expect(decodeEscapes('\\110000')).toBe('\uFFFD');
  });
});

describe('stripComments', () => {
  it('keeps comment markers inside strings and drops unterminated comments', () => {
    expect(stripComments('a { content: "/* keep */"; } /* drop').text).toBe('a { content: "/* keep */"; } ');
  });
});
