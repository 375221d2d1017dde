import type { Socket } from 'node:net';
import { Duplex, Transform, type TransformCallback } from 'node:stream';

/**
 * Reads MQTT fixed headers as bytes pass and destroys the connection when a packet announces more
 * than `maxBytes` (aedes has no packet size limit of its own and would buffer it whole).
 */
class PacketSizeGuard extends Transform {
  private skip = 0;
  private header: number[] = [];

  constructor(
    private readonly maxBytes: number,
    private readonly onOversize: () => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    let offset = 0;
    while (offset < chunk.length) {
      if (this.skip > 0) {
        const take = Math.min(this.skip, chunk.length - offset);
        this.skip -= take;
        offset += take;
        continue;
      }
      this.header.push(chunk[offset] as number);
      offset += 1;
      const length = this.remainingLength();
      if (length === 'incomplete') {
        continue;
      }
      this.header = [];
      if (length === 'invalid' || length > this.maxBytes) {
        this.onOversize();
        callback(new Error('MQTT packet too large'));
        return;
      }
      this.skip = length;
    }
    callback(null, chunk);
  }

  /** Remaining length of the header read so far (type byte, then 1–4 varint bytes). */
  private remainingLength(): number | 'incomplete' | 'invalid' {
    if (this.header.length < 2) {
      return 'incomplete';
    }
    let value = 0;
    for (let i = 1; i < this.header.length; i += 1) {
      const byte = this.header[i] as number;
      value += (byte & 0x7f) * 128 ** (i - 1);
      if ((byte & 0x80) === 0) {
        return value;
      }
    }
    return this.header.length >= 5 ? 'invalid' : 'incomplete';
  }
}

/** The socket as a duplex whose readable side is size-checked. */
export function limitPacketSize(socket: Socket, maxBytes: number, onOversize: () => void): Duplex {
  const guard = new PacketSizeGuard(maxBytes, onOversize);
  const duplex = Duplex.from({ readable: socket.pipe(guard), writable: socket });
  guard.on('error', () => socket.destroy());
  duplex.on('close', () => socket.destroy());
  return duplex;
}
