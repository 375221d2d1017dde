/**
 * JSON written as UTF-8 bytes into one growing buffer (the graph payload, graph-payload-json.ts): no string per
 * point and no 2 MB string built of thousands of concatenated pieces for the garbage collector to copy. Numbers
 * are written as JSON.stringify writes them.
 */

const MAX_SAFE = Number.MAX_SAFE_INTEGER;
const ZERO = 48;
const MINUS = 45;
const DOT = 46;

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

  /**
   * A number as JSON.stringify writes it: null when not finite; integers and values of at most two decimals
   * (below 1e12, where no shorter decimal rounds to the same double) digit by digit in int32 arithmetic (a
   * double's % is a C call); others by toString.
   */
  number(value: number): void {
    if (!Number.isFinite(value)) {
      this.ascii('null');
      return;
    }
    if (value === Math.floor(value) && value <= MAX_SAFE && value >= -MAX_SAFE) {
      this.ensure(17);
      if (value < 0) {
        this.buffer[this.length++] = MINUS;
      }
      this.unsigned(value < 0 ? -value : value);
      return;
    }
    const cents = Math.round(value * 100);
    if (cents / 100 !== value || cents >= 1e14 || cents <= -1e14) {
      this.ascii(String(value));
      return;
    }
    this.ensure(20);
    if (cents < 0) {
      this.buffer[this.length++] = MINUS;
    }
    const all = cents < 0 ? -cents : cents;
    const whole = Math.floor(all / 100);
    const fraction = all - whole * 100;
    this.unsigned(whole);
    this.buffer[this.length++] = DOT;
    const tenths = (fraction / 10) | 0;
    this.buffer[this.length++] = ZERO + tenths;
    if (fraction - tenths * 10 !== 0) {
      this.buffer[this.length++] = ZERO + fraction - tenths * 10;
    }
  }

  /** A whole number from 0 to 2^53: two int32 halves below 1e8 each. */
  private unsigned(value: number): void {
    if (value < 1e8) {
      this.small(value | 0, 0);
      return;
    }
    const high = Math.floor(value / 1e8);
    this.small(high | 0, 0);
    this.small((value - high * 1e8) | 0, 8);
  }

  /** An int32 ≥ 0, left-padded with zeros to `width` digits. */
  private small(value: number, width: number): void {
    let rest = value;
    let count = 0;
    do {
      const next = (rest / 10) | 0;
      this.digits[count++] = ZERO + rest - next * 10;
      rest = next;
    } while (rest > 0);
    while (count < width) {
      this.digits[count++] = ZERO;
    }
    while (count > 0) {
      this.buffer[this.length++] = this.digits[--count] as number;
    }
  }

  /** The bytes written (a view of the buffer: the writer must not be used after). */
  result(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}
