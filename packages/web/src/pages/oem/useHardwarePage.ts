import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DEVICE_MESSAGES, type HardwareUnit, type HardwareUnitCreate } from '@vigil/contracts';
import { App, Form } from 'antd';
import { useState } from 'react';
import { ApiError, errorMessageOf } from '../../api/api-error';
import { createHardwareUnit, deleteHardwareUnit, hardwareKeys, hardwareUnitsQuery } from '../../api/hardware';
import { type ShowNotice, useNotice } from '../../hooks/useNotice';
import { useDebouncedValue } from './useDebouncedValue';

const UNIT_FIELDS = ['serial_number', 'code', 'device_type', 'udf_id'] as const;

/** The hardware units: the search (sent after a pause in typing), the page, removal and the page's alert. */
export function useHardwarePage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const debounced = useDebouncedValue(search, 300);
  const { notice, show } = useNotice();
  const units = useQuery({
    ...hardwareUnitsQuery({ page, search: debounced || undefined }),
    placeholderData: keepPreviousData,
  });
  const remove = useRemoveUnit(show);
  return {
    units,
    page,
    setPage,
    search,
    changeSearch: (value: string) => {
      setSearch(value);
      setPage(1);
    },
    notice,
    confirmRemove: remove,
    handleAdded: () => show(DEVICE_MESSAGES.hardwareAdded),
  };
}

/** REMOVE: behind a confirmation, then the alert says how it went. */
function useRemoveUnit(showNotice: ShowNotice) {
  const queryClient = useQueryClient();
  const { modal } = App.useApp();
  const mutation = useMutation({
    mutationFn: (unit: HardwareUnit) => deleteHardwareUnit(unit.id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: hardwareKeys.all });
      showNotice(DEVICE_MESSAGES.hardwareRemoved);
    },
    onError: (error) => showNotice(errorMessageOf(error, DEVICE_MESSAGES.failed), 'error'),
  });
  return (unit: HardwareUnit) =>
    modal.confirm({
      title: 'Deletion',
      content: `Please confirm you want to remove the hardware unit ${unit.serial_number}`,
      okText: 'Confirm',
      okButtonProps: { danger: true },
      onOk: () => mutation.mutateAsync(unit).catch(() => undefined),
    });
}

/** The add card's form: a 400 puts each message on its field; any other failure shows above the fields. */
export function useAddHardwareUnit(onAdded: () => void) {
  const [form] = Form.useForm<HardwareUnitCreate>();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: createHardwareUnit,
    onSuccess: async () => {
      form.resetFields();
      setError(null);
      await queryClient.invalidateQueries({ queryKey: hardwareKeys.all });
      onAdded();
    },
    onError: (failure) => {
      const fields =
        failure instanceof ApiError
          ? UNIT_FIELDS.filter((name) => failure.fields[name] !== undefined).map((name) => ({
              name,
              errors: failure.fields[name] ?? [],
            }))
          : [];
      form.setFields(fields);
      setError(fields.length > 0 ? null : errorMessageOf(failure, DEVICE_MESSAGES.failed));
    },
  });
  return { form, add, error };
}
