import { describe, expect, it } from 'vitest';
import { flatpageViewPath } from '../../routes/paths';
import { flatpageScopedCss } from './flatpage-css';

describe('flatpageScopedCss', () => {
  it('nests the page CSS inside the wrapper class', () => {
    expect(flatpageScopedCss('h2 { color: red; }')).toBe('.flatpage-scope {\nh2 { color: red; }\n}');
  });

  it('gives nothing for empty CSS', () => {
    expect(flatpageScopedCss('  \n')).toBe('');
  });
});

describe('flatpageViewPath', () => {
  it('keeps slashes readable and escapes the rest', () => {
    expect(flatpageViewPath('/terms/')).toBe('/flatpages/?url=/terms/');
    expect(flatpageViewPath('/a&b/')).toBe('/flatpages/?url=/a%26b/');
  });
});
