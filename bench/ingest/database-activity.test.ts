import { describe, expect, it } from 'vitest';
import { shareOf, statementLabel } from './database-activity';

describe('statementLabel', () => {
  it('names a statement by its first words', () => {
    expect(statementLabel('insert into "device_state" ("device_id", "tree") values ($1, $2)')).toBe(
      'insert into "device_state"',
    );
    expect(statementLabel('COPY sensor_readings (sensor_key, ts) FROM STDIN')).toBe('COPY sensor_readings');
    expect(statementLabel('  COMMIT\n')).toBe('COMMIT');
  });
});

describe('shareOf', () => {
  it('gives the most frequent first as a share of the samples', () => {
    const counts = new Map([
      ['COMMIT', 2],
      ['idle in transaction', 5],
      ['COPY sensor_readings', 8],
    ]);
    expect(shareOf(counts, 10, 2)).toEqual([
      { what: 'COPY sensor_readings', share: 0.8 },
      { what: 'idle in transaction', share: 0.5 },
    ]);
  });
});
