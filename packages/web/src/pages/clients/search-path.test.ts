import { describe, expect, it } from 'vitest';
import { clientsSearchPath } from './useSearchRoute';

describe('clients search route', () => {
  it('puts the search in the path, or drops it when empty', () => {
    expect(clientsSearchPath(' Northfield ')).toBe('/clients/Northfield');
    expect(clientsSearchPath('a/b c')).toBe('/clients/a%2Fb%20c');
    expect(clientsSearchPath('   ')).toBe('/clients');
  });
});
