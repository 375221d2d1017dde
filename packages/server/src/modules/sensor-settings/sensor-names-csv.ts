import { SENSOR_SETTINGS_MESSAGES as MESSAGES, SENSOR_NAMES_CSV_MAX_ROWS } from '@vigil/contracts';

/**
 * CSV of sensor names (docs/sensor-settings.md 'CSV'): RFC 4180 quoting, CRLF rows, UTF-8 with or without a
 * BOM. Exported cells that a spreadsheet would run as a formula are prefixed with a quote; the import removes
 * that quote again, so a file round-trips unchanged.
 */

/** Characters that make a spreadsheet read a cell as a formula (OWASP 'CSV injection'). */
const FORMULA_START = /^[=+\-@\t\r]/;
const GUARD = "'";

function guardCell(cell: string): string {
  return FORMULA_START.test(cell) ? GUARD + cell : cell;
}

function quoteCell(cell: string): string {
  return /[",\r\n;]/.test(cell) || cell !== cell.trim() ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** The CSV text of `rows` (the header first), each cell guarded against formulas and quoted when needed. */
export function toCsv(rows: ReadonlyArray<readonly string[]>): string {
  return `${rows.map((row) => row.map((cell) => quoteCell(guardCell(cell))).join(',')).join('\r\n')}\r\n`;
}

/** Undoes the export's formula guard: "'=SUM" is read back as "=SUM"; other quotes stay. */
export function unguardCell(cell: string): string {
  return cell.startsWith(GUARD) && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

/** UTF-8 bytes to text without a BOM; undefined when the bytes are not UTF-8. */
export function decodeCsv(bytes: Uint8Array): string | undefined {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.startsWith('\uFEFF') ? text.slice(1) : text;
  } catch {
    return undefined;
  }
}

export type CsvRecord = { row: number; cells: string[] };
export type CsvResult = { ok: true; records: CsvRecord[] } | { ok: false; message: string };

/** ',' unless the header row has ';' and no ',' (spreadsheets in some locales save with ';'). */
function delimiterOf(text: string): string {
  const firstLine = text.slice(0, text.search(/\r|\n|$/));
  return firstLine.includes(';') && !firstLine.includes(',') ? ';' : ',';
}

/** Parses CSV text into records numbered from 1 (the header), as a spreadsheet numbers its rows. */
export function parseCsv(text: string, maxRecords = SENSOR_NAMES_CSV_MAX_ROWS + 1): CsvResult {
  const delimiter = delimiterOf(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  let i = 0;
  const endRecord = () => {
    cells.push(cell);
    records.push({ row: records.length + 1, cells });
    cells = [];
    cell = '';
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
      i++;
      continue;
    }
    if (char === '"' && cell === '') {
      quoted = true;
    } else if (char === delimiter) {
      cells.push(cell);
      cell = '';
    } else if (char === '\r' || char === '\n') {
      endRecord();
      if (records.length > maxRecords) {
        return { ok: false, message: MESSAGES.tooManyRows };
      }
      i += char === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    } else {
      cell += char;
    }
    i++;
  }
  if (quoted) {
    return { ok: false, message: MESSAGES.unclosedQuote(records.length + 1) };
  }
  if (cell !== '' || cells.length > 0) {
    endRecord();
  }
  if (records.length > maxRecords) {
    return { ok: false, message: MESSAGES.tooManyRows };
  }
  return { ok: true, records };
}

export type SensorNameRow = { row: number; sensorId: string; name: string };
export type SensorNameRows = { ok: true; rows: SensorNameRow[] } | { ok: false; errors: string[] };

const REQUIRED_COLUMNS = ['sensor_id', 'name'] as const;

/**
 * The sensor rows of an imported file: the header names the columns (any order, case and spaces ignored; other
 * columns such as group and label are ignored), blank rows are skipped. Every problem found is listed.
 */
export function readSensorNameRows(text: string): SensorNameRows {
  const parsed = parseCsv(text);
  if (!parsed.ok) {
    return { ok: false, errors: [parsed.message] };
  }
  const records = parsed.records.filter((record) => record.cells.some((cell) => cell.trim() !== ''));
  const [header, ...body] = records;
  if (header === undefined) {
    return { ok: false, errors: [MESSAGES.fileEmpty] };
  }
  const columns = header.cells.map((cell) => cell.trim().toLowerCase());
  const missing = REQUIRED_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) {
    return { ok: false, errors: missing.map((column) => MESSAGES.missingColumn(column)) };
  }
  const idColumn = columns.indexOf('sensor_id');
  const nameColumn = columns.indexOf('name');
  const rows: SensorNameRow[] = [];
  const errors: string[] = [];
  for (const { row, cells } of body) {
    const sensorId = cells[idColumn];
    const name = cells[nameColumn];
    if (sensorId === undefined) {
      errors.push(MESSAGES.shortRow(row, 'sensor_id'));
    } else if (name === undefined) {
      errors.push(MESSAGES.shortRow(row, 'name'));
    } else if (sensorId.trim() === '') {
      errors.push(MESSAGES.emptySensorId(row));
    } else {
      rows.push({ row, sensorId: unguardCell(sensorId.trim()), name: unguardCell(name.trim()) });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}
