/**
 * A WebSocket stand-in the test drives: the code under test sends and closes, the test fires open, frames and
 * closes. Pass `(url) => new FakeSocket(url)` as a `createSocket`, or stub the global WebSocket with the class.
 */
export class FakeSocket {
  /** Every socket made since the test last emptied it, in order. */
  static made: FakeSocket[] = [];
  sent: string[] = [];
  closedWith: number | null = null;
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.made.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close(code: number) {
    this.closedWith = code;
  }
}

/** The n-th socket made (0 first), failing the test when there is none. */
export function madeSocket(index: number): FakeSocket {
  const socket = FakeSocket.made[index];
  if (socket === undefined) {
    throw new Error(`no socket ${index}: ${FakeSocket.made.length} made`);
  }
  return socket;
}

export function createFakeSocket(url: string): WebSocket {
  return new FakeSocket(url) as unknown as WebSocket;
}
