import { type RealtimeBus, selectorKey } from './bus';
import {
  type EveryRoomName,
  everyRoom,
  type RoomHandler,
  type RoomIds,
  type RoomName,
  type RoomSelector,
} from './rooms';

/** The rooms one live socket is in (authenticated-socket.ts): joined and left on the bus, all left at close. */
export class SocketRooms {
  private readonly rooms = new Map<string, () => void>();

  constructor(private readonly bus: RealtimeBus) {}

  /**
   * Makes the rooms named `name` exactly those of `ids` (every room of the name for 'every'); rooms of other
   * names stay. A room it is in already keeps its first handler.
   */
  join<N extends RoomName>(
    name: N,
    ids: readonly RoomIds[N][] | (N extends EveryRoomName ? 'every' : never),
    handler: RoomHandler<N>,
  ): void {
    const selectors: RoomSelector<N>[] =
      ids === 'every'
        ? [everyRoom(name as EveryRoomName) as RoomSelector<N>]
        : (ids as readonly RoomIds[N][]).map((id) => ({ name, id }) as RoomSelector<N>);
    const wanted = new Map(selectors.map((selector) => [selectorKey(selector), selector]));
    for (const [key, leave] of this.rooms) {
      if (key.startsWith(`${name}:`) && !wanted.has(key)) {
        leave();
        this.rooms.delete(key);
      }
    }
    for (const [key, selector] of wanted) {
      if (!this.rooms.has(key)) {
        this.rooms.set(key, this.bus.subscribe(selector, handler));
      }
    }
  }

  leaveAll(): void {
    for (const leave of this.rooms.values()) {
      leave();
    }
    this.rooms.clear();
  }
}
