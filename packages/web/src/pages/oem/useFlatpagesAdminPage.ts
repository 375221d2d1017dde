import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FLATPAGE_MESSAGES, type Flatpage } from '@vigil/contracts';
import { App } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import { deleteFlatpage, flatpagesQuery, oemKeys } from '../../api/oem';
import { useNotice } from '../../hooks/useNotice';
import { ALERT_RESET_MS } from '../../messages';
import { editFlatpagePath, PATHS } from '../../routes/paths';

/** The static pages table: its page, the 5 s alert (its own, or the editor's after a save), and removal. */
export function useFlatpagesAdminPage() {
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const { notice, show } = useNotice(ALERT_RESET_MS, { fromNavigation: true });
  const [page, setPage] = useState(1);
  const pages = useQuery({ ...flatpagesQuery(page), placeholderData: keepPreviousData });
  const remove = useMutation({
    mutationFn: deleteFlatpage,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: oemKeys.flatpages() });
      show(FLATPAGE_MESSAGES.removed);
    },
    onError: (error) => show(errorMessageOf(error, FLATPAGE_MESSAGES.notFound), 'error'),
  });

  const confirmRemove = (flatpage: Flatpage) => {
    modal.confirm({
      title: 'Deletion',
      content: FLATPAGE_MESSAGES.confirmDelete,
      okText: 'REMOVE',
      okButtonProps: { danger: true },
      onOk: () => remove.mutateAsync(flatpage.id),
    });
  };

  return {
    pages,
    page,
    setPage,
    notice,
    confirmRemove,
    openAddForm: () => navigate(PATHS.addFlatpage),
    openEditForm: (flatpage: Flatpage) => navigate(editFlatpagePath(flatpage.id)),
  };
}
