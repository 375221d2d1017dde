import { openDeviceFeed } from './feed-connection';
import type { FeedCommand, FeedEvent } from './feed-protocol';

/**
 * The device feed's worker: holds the socket (feed-connection.ts), parses each frame, compares it with the
 * previous tree and posts the page only what changed. A 500-sensor tree never reaches the page's thread:
 * no string, no parse, no walk there (docs/performance.md 'Dashboard').
 */
type WorkerScope = {
  onmessage: ((event: MessageEvent<FeedCommand>) => void) | null;
  postMessage: (message: FeedEvent, transfer?: Transferable[]) => void;
};
const scope = self as unknown as WorkerScope;

let token: string | null = null;
let closeFeed: (() => void) | null = null;
let resume: ((shouldRetry: boolean) => void) | null = null;

scope.onmessage = ({ data: command }) => {
  if (command.type === 'open' && closeFeed === null) {
    token = command.token;
    closeFeed = openDeviceFeed(command.url, {
      getToken: () => token,
      onChanges: (changes) => {
        // The numbers' buffers move to the page without a copy.
        scope.postMessage({ type: 'changes', changes }, [changes.valueIndexes.buffer, changes.values.buffer]);
      },
      onStatus: (status) => scope.postMessage({ type: 'status', status }),
      onUnauthenticated: () =>
        new Promise<boolean>((resolve) => {
          resume = resolve;
          scope.postMessage({ type: 'unauthenticated' });
        }),
    });
  } else if (command.type === 'resume') {
    token = command.token ?? token;
    resume?.(command.token !== null);
    resume = null;
  } else if (command.type === 'stop') {
    closeFeed?.();
    resume?.(false);
  }
};
