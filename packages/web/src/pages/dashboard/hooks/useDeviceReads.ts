import type { UseQueryResult } from '@tanstack/react-query';
import type { Device } from '@vigil/contracts';
import { useEffect, useRef } from 'react';
import { DEVICE_READ_MS, isDeviceReadDue } from '../device-reads';
import type { SensorStore } from '../sensor-store';

/**
 * Reads the device again when its offline text may be about to change (device-reads.ts): every 10 s while
 * it is shown offline or its feed is silent, every few minutes while trees arrive. One check every 10 s, in
 * place of React Query's fixed interval.
 */
export function useDeviceReads(device: UseQueryResult<Device>, store: SensorStore): void {
  const latest = useRef(device);
  latest.current = device;
  useEffect(() => {
    const timer = setInterval(() => {
      const { data, dataUpdatedAt, isFetching, refetch } = latest.current;
      const isDue = isDeviceReadDue({
        isOnline: data?.is_online ?? false,
        lastTreeAt: store.getLastTreeAt(),
        lastReadAt: dataUpdatedAt,
        now: Date.now(),
      });
      if (isDue && !isFetching) {
        void refetch();
      }
    }, DEVICE_READ_MS);
    return () => clearInterval(timer);
  }, [store]);
}
