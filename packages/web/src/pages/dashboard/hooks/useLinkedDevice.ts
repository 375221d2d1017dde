import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { meKeys } from '../../../api/accounts';
import { selectDevice } from '../../../api/devices';

/** The query parameter of links into a device's dashboard (e-mail alerts, notification toasts). */
export const LINKED_DEVICE_QUERY = 'device';

export type LinkedDevice = 'none' | 'selecting' | 'failed';

/**
 * `/dashboard?device=<id>`: makes that device the current one (POST devices/{id}/select/, which the server
 * checks like any choice of device), then drops the parameter. 'failed' when the person may not see it.
 */
export function useLinkedDevice(currentId: number | null): LinkedDevice {
  const [searchParams, setSearchParams] = useSearchParams();
  const queryClient = useQueryClient();
  const linked = Number(searchParams.get(LINKED_DEVICE_QUERY));
  const wanted = Number.isInteger(linked) && linked > 0 && linked !== currentId ? linked : null;
  const [state, setState] = useState<LinkedDevice>(wanted === null ? 'none' : 'selecting');
  const started = useRef<number | null>(null);

  useEffect(() => {
    const dropParameter = () =>
      setSearchParams(
        (params) => {
          params.delete(LINKED_DEVICE_QUERY);
          return params;
        },
        { replace: true },
      );
    if (wanted === null) {
      if (searchParams.has(LINKED_DEVICE_QUERY)) {
        dropParameter();
      }
      setState('none');
      return;
    }
    if (started.current === wanted) {
      return;
    }
    started.current = wanted;
    setState('selecting');
    selectDevice(wanted)
      .then(async () => {
        await queryClient.invalidateQueries({ queryKey: meKeys.all });
        dropParameter();
      })
      .catch(() => setState('failed'));
  }, [wanted, searchParams, setSearchParams, queryClient]);
  return state;
}
