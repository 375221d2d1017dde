import { SENSOR_SETTINGS_MESSAGES as MESSAGES } from '@vigil/contracts';
import { describe, expect, it } from 'vitest';
import { decodeCsv, parseCsv, readSensorNameRows, toCsv, unguardCell } from './sensor-names-csv';

describe('sensor names CSV', () => {
  it('quotes cells with commas, quotes, line breaks and edge spaces; rows end with CRLF', () => {
    expect(toCsv([['a', 'b,c', 'say "hi"', 'two\nlines', ' padded']])).toBe(
      'a,"b,c","say ""hi""","two\nlines"," padded"\r\n',
    );
  });

  it('prefixes cells a spreadsheet would run as a formula, and reads them back unchanged', () => {
    const csv = toCsv([['=HYPERLINK("x")', '+1', '-2', '@SUM(A1)', 'plain', "'quoted"]]);
    expect(csv).toBe(`"'=HYPERLINK(""x"")",'+1,'-2,'@SUM(A1),plain,'quoted\r\n`);
    const parsed = parseCsv(csv);
    expect(parsed.ok && parsed.records[0]?.cells.map(unguardCell)).toEqual([
      '=HYPERLINK("x")',
      '+1',
      '-2',
      '@SUM(A1)',
      'plain',
      "'quoted",
    ]);
  });

  it('parses quoted cells, doubled quotes, CRLF, LF and CR rows, and a last row without a line end', () => {
    const parsed = parseCsv('h1,h2\r\n"a,1","b ""q"""\n"multi\r\nline",x\rlast,row');
    expect(parsed).toEqual({
      ok: true,
      records: [
        { row: 1, cells: ['h1', 'h2'] },
        { row: 2, cells: ['a,1', 'b "q"'] },
        { row: 3, cells: ['multi\r\nline', 'x'] },
        { row: 4, cells: ['last', 'row'] },
      ],
    });
  });

  it('reads semicolon-separated files when the header has no comma', () => {
    expect(readSensorNameRows('sensor_id;name\nD.g.1;Pump; motor\n')).toEqual({
      ok: true,
      rows: [{ row: 2, sensorId: 'D.g.1', name: 'Pump' }],
    });
  });

  it('names an unclosed quote by its row', () => {
    expect(parseCsv('sensor_id,name\nD.g.1,"open\n')).toEqual({
      ok: false,
      message: MESSAGES.unclosedQuote(2),
    });
  });

  it('drops a UTF-8 BOM and refuses bytes that are not UTF-8', () => {
    expect(decodeCsv(Buffer.from('\uFEFFsensor_id,name\n', 'utf8'))).toBe('sensor_id,name\n');
    expect(decodeCsv(Buffer.from([0x73, 0x65, 0xe9, 0x2c]))).toBeUndefined();
  });

  it('finds the columns by header in any order and case, skips blank rows, and lists every bad row', () => {
    expect(
      readSensorNameRows('Name , group, SENSOR_ID\r\nFan,G,D.g.1\r\n,,\r\n Pump ,G, D.g.2 \r\n'),
    ).toEqual({
      ok: true,
      rows: [
        { row: 2, sensorId: 'D.g.1', name: 'Fan' },
        { row: 4, sensorId: 'D.g.2', name: 'Pump' },
      ],
    });
    expect(readSensorNameRows('sensor_id,group,name\nD.g.1\n,G,x\nD.g.2,G\n')).toEqual({
      ok: false,
      errors: [MESSAGES.shortRow(2, 'name'), MESSAGES.emptySensorId(3), MESSAGES.shortRow(4, 'name')],
    });
  });

  it('refuses a file without a header or without the sensor_id and name columns', () => {
    expect(readSensorNameRows('\r\n\r\n')).toEqual({ ok: false, errors: [MESSAGES.fileEmpty] });
    expect(readSensorNameRows('id,label\nD.g.1,x\n')).toEqual({
      ok: false,
      errors: [MESSAGES.missingColumn('sensor_id'), MESSAGES.missingColumn('name')],
    });
  });

  it('refuses more rows than the limit', () => {
    expect(parseCsv('a\n1\n2\n3\n', 3)).toEqual({ ok: false, message: MESSAGES.tooManyRows });
    expect(parseCsv('a\n1\n2\n', 3).ok).toBe(true);
  });
});
