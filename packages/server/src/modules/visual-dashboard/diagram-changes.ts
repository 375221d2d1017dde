import type { RealtimeBus } from '../../realtime/bus';
import { machineRoom, tabRoom } from '../../realtime/rooms';

/**
 * Tells the live sockets of a tab and of its machines that what they follow changed (a save, a removal): each
 * checks its access again and follows the devices of the new bindings (diagram-feed-socket.ts). Every instance's
 * sockets hear it through the bus.
 */
export class DiagramChanges {
  constructor(private readonly bus: Pick<RealtimeBus, 'publish'>) {}

  /** After a tab was saved or removed: its socket, and the sockets of the machines it had and has. */
  tabChanged(tabId: number, machineIds: readonly number[] = []): void {
    this.bus.publish(tabRoom(tabId), { name: 'tab-changed', data: { tabId } });
    for (const machineId of new Set(machineIds)) {
      this.bus.publish(machineRoom(machineId), { name: 'machine-changed', data: { machineId } });
    }
  }
}
