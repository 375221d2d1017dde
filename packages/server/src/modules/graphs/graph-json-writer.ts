/**
 * JSON written as UTF-8 bytes into one growing buffer (the graph payload, graph-payload-json.ts): no string per
 * point and no 2 MB string built of thousands of concatenated pieces for the garbage collector to copy. Numbers
 * are written as JSON.stringify writes them.
 */

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const ZERO = 48;

export class JsonWriter {
  private buffer: Buffer;
  private length = 0;
  private readonly digits = new Uint8Array(24);

  constructor(capacity = 1 << 16) {
    this.buffer = Buffer.allocUnsafe(capacity);
  }

  private ensure(more: number): void {
    if (this.length + more <= this.buffer.length) {
      return;
    }
    const grown = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.length + more));
    this.buffer.copy(grown, 0, 0, this.length);
    this.buffer = grown;
  }

  /** Any text (UTF-8), e.g. the output of JSON.stringify of a name. */
  text(value: string): void {
    this.ensure(value.length * 3);
    this.length += this.buffer.write(value, this.length, 'utf8');
  }

  /** Text known to be ASCII (a number's digits, punctuation), byte by byte. */
  ascii(value: string): void {
    this.ensure(value.length);
    for (let i = 0; i < value.length; i++) {
      this.buffer[this.length++] = value.charCodeAt(i);
    }
  }

  byte(code: number): void {
    this.ensure(1);
    this.buffer[this.length++] = code;
  }

  bytes(value: Uint8Array): void {
    this.ensure(value.length);
    this.buffer.set(value, this.length);
    this.length += value.length;
  }

  /** A number as JSON.stringify writes it: null when not finite, integers digit by digit, others by toString. */
  number(value: number): void {
    if (!Number.isFinite(value)) {
      this.ascii('null');
      return;
    }
    if (value !== Math.floor(value) || value > MAX_SAFE || value < -MAX_SAFE) {
      this.ascii(String(value));
      return;
    }
    this.ensure(17);
    let rest = value < 0 ? -value : value;
    if (value < 0) {
      this.buffer[this.length++] = 45;
    }
    let count = 0;
    do {
      const digit = rest % 10;
      this.digits[count++] = ZERO + digit;
      rest = (rest - digit) / 10;
    } while (rest > 0);
    while (count > 0) {
      this.buffer[this.length++] = this.digits[--count] as number;
    }
  }

  /** The bytes written (a view of the buffer: the writer must not be used after). */
  result(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
