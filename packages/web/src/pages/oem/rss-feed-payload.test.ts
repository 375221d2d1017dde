import { describe, expect, it } from 'vitest';
import { buildRssSavePayload } from './rss-feed-payload';

const loaded = [
  { id: 1, title: 'A', description: 'a', url: 'https://a.test/' },
  { id: 2, title: 'B', description: 'b', url: 'https://b.test/' },
];

describe('buildRssSavePayload', () => {
  it('keeps the row order, updates rows with an id, creates the rest and deletes removed entries', () => {
    const payload = buildRssSavePayload(loaded, [
      { title: ' New ', description: 'n', url: ' https://n.test/ ' },
      { id: 2, title: 'B2', description: 'b', url: 'https://b.test/' },
    ]);
    expect(payload).toEqual([
      { title: 'New', description: 'n', url: 'https://n.test/' },
      { id: 2, title: 'B2', description: 'b', url: 'https://b.test/' },
      { id: 1, delete: true },
    ]);
  });

  it('turns missing fields into empty strings for the server to name', () => {
    expect(buildRssSavePayload([], [{}])).toEqual([{ title: '', description: '', url: '' }]);
  });

  it('deletes everything when every row was removed', () => {
    expect(buildRssSavePayload(loaded, [])).toEqual([
      { id: 1, delete: true },
      { id: 2, delete: true },
    ]);
  });
});
