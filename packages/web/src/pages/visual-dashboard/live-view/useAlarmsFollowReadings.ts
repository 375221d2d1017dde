import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { visualDashboardKeys } from '../../../api/visual-dashboard';
import type { ReadingsStore } from '../diagram/readings-store';
import { alarmingSensorsKey } from './live-state';

/**
 * Reads the schema's Active alarms again when a sensor of the viewed tab starts or stops alarming, so the list and
 * the tabs' alarm marks follow the picture instead of waiting for the 30-second refresh (which still catches an
 * alarm stored after its reading was pushed, and alarms of the other tabs). Listens to the store, so a tree renders
 * nothing here.
 */
export function useAlarmsFollowReadings(schemaId: number, store: ReadingsStore): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let alarming = alarmingSensorsKey(store.readings);
    return store.subscribeAll(() => {
      const next = alarmingSensorsKey(store.readings);
      if (next === alarming) {
        return;
      }
      alarming = next;
      void queryClient.invalidateQueries({ queryKey: visualDashboardKeys.schemaNotifications(schemaId) });
    });
  }, [store, queryClient, schemaId]);
}
