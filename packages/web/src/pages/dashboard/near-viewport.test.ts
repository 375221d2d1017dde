import { afterEach, describe, expect, it, vi } from 'vitest';

/** Just enough of an element: its parent, `closest('[data-skippable]')` and event listeners. */
class FakeElement {
  private readonly listeners: Array<(event: Event) => void> = [];
  constructor(
    readonly parentElement: FakeElement | null,
    private readonly isSkippable = false,
  ) {}
  closest(): FakeElement | null {
    return this.isSkippable ? this : (this.parentElement?.closest() ?? null);
  }
  addEventListener(type: string, listener: (event: Event) => void): void {
    if (type === 'contentvisibilityautostatechange') {
      this.listeners.push(listener);
    }
  }
  /** A group's skipping as the browser tells it: to the group, then bubbling up to the groups holding it. */
  tellSkipped(skipped: boolean): void {
    const event = { type: 'contentvisibilityautostatechange', skipped, target: this } as unknown as Event;
    for (let at: FakeElement | null = this; at !== null; at = at.parentElement) {
      for (const listener of at.listeners) {
        listener(event);
      }
    }
  }
}

function buildGroups() {
  const page = new FakeElement(null);
  const network = new FakeElement(page, true);
  const node = new FakeElement(network, true);
  const asElement = (fake: FakeElement) => fake as unknown as Element;
  return {
    network,
    node,
    networkCard: asElement(new FakeElement(network)),
    nodeCard: asElement(new FakeElement(node)),
    topCard: asElement(new FakeElement(page)),
  };
}

describe('watchNearViewport', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is always near where the browser tells no skipping of contents', async () => {
    const { watchNearViewport } = await import('./near-viewport');
    const { network, networkCard } = buildGroups();
    const seen: boolean[] = [];
    watchNearViewport(networkCard, (isNear) => seen.push(isNear));
    network.tellSkipped(true);
    expect(seen).toEqual([true]);
  });

  it('is near while none of its groups skips its contents, until it stops watching', async () => {
    vi.stubGlobal('ContentVisibilityAutoStateChangeEvent', class {});
    const { watchNearViewport } = await import('./near-viewport');
    const { network, node, networkCard, nodeCard, topCard } = buildGroups();
    const seen: string[] = [];
    const stopNetworkCard = watchNearViewport(networkCard, (isNear) => seen.push(`network card ${isNear}`));
    watchNearViewport(nodeCard, (isNear) => seen.push(`node card ${isNear}`));
    watchNearViewport(topCard, (isNear) => seen.push(`top card ${isNear}`));
    expect(seen.splice(0)).toEqual(['network card true', 'node card true', 'top card true']);

    node.tellSkipped(true);
    expect(seen.splice(0)).toEqual(['node card false']);
    // The node's card comes back only once neither the node nor its network skips it.
    network.tellSkipped(true);
    node.tellSkipped(false);
    expect(seen.splice(0)).toEqual(['network card false']);
    network.tellSkipped(false);
    expect(seen.splice(0)).toEqual(['network card true', 'node card true']);

    stopNetworkCard();
    network.tellSkipped(true);
    expect(seen.splice(0)).toEqual(['node card false']);
  });

  it("does not take a nested group's bubbling event for its holder's", async () => {
    vi.stubGlobal('ContentVisibilityAutoStateChangeEvent', class {});
    const { watchNearViewport } = await import('./near-viewport');
    const { network, node, networkCard } = buildGroups();
    const seen: boolean[] = [];
    watchNearViewport(networkCard, (isNear) => seen.push(isNear));
    node.tellSkipped(true);
    expect(seen).toEqual([true]);
    network.tellSkipped(true);
    expect(seen).toEqual([true, false]);
  });

  it('starts a card that mounts inside a group already skipped as not near', async () => {
    vi.stubGlobal('ContentVisibilityAutoStateChangeEvent', class {});
    const { watchNearViewport } = await import('./near-viewport');
    const { node, nodeCard } = buildGroups();
    const stop = watchNearViewport(nodeCard, () => {});
    node.tellSkipped(true);
    stop();
    const seen: boolean[] = [];
    watchNearViewport(nodeCard, (isNear) => seen.push(isNear));
    expect(seen).toEqual([false]);
  });
});
