import { type FeedCallbacks, openDeviceFeed } from './feed-connection';
import type { FeedCommand, FeedEvent } from './feed-protocol';

/**
 * Starts a device's live feed and answers the function that stops it. The socket and the reading of its
 * frames run in a worker (feed.worker.ts) where the browser has one, so the page's thread only writes the
 * readings that changed; without one (tests) or when the worker fails to start, on the page's thread.
 */
export function startDeviceFeed(url: string, options: FeedCallbacks): () => void {
  const token = options.getToken();
  if (typeof Worker === 'undefined' || token === null) {
    return openDeviceFeed(url, options);
  }
  let stopOnPage: (() => void) | null = null;
  let hasAnswered = false;
  const worker = new Worker(new URL('./feed.worker.ts', import.meta.url), {
    type: 'module',
    name: 'device-feed',
  });
  const send = (command: FeedCommand) => worker.postMessage(command);
  worker.onmessage = ({ data: event }: MessageEvent<FeedEvent>) => {
    hasAnswered = true;
    if (event.type === 'changes') {
      options.onChanges(event.changes);
    } else if (event.type === 'status') {
      options.onStatus(event.status);
    } else {
      void options
        .onUnauthenticated()
        .then((shouldRetry) => send({ type: 'resume', token: shouldRetry ? options.getToken() : null }));
    }
  };
  worker.onerror = () => {
    // The worker's script did not load (or died before it spoke): the page reads the feed itself.
    if (!hasAnswered && stopOnPage === null) {
      worker.terminate();
      stopOnPage = openDeviceFeed(url, options);
    }
  };
  send({ type: 'open', url, token });
  return () => {
    send({ type: 'stop' });
    worker.terminate();
    stopOnPage?.();
  };
}
