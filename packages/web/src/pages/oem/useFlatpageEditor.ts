import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  FLATPAGE_MESSAGES,
  type Flatpage,
  FlatpageCreateSchema,
  type FlatpageFormValues,
} from '@vigil/contracts';
import { Form } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessageOf } from '../../api/api-error';
import { createFlatpage, oemKeys, updateFlatpage } from '../../api/oem';
import { noticeState } from '../../hooks/useNotice';
import { PATHS } from '../../routes/paths';

export type EditorValues = { url: string; title: string; content: string; css: string };

const FORM_FIELDS: string[] = ['url', 'title', 'content', 'css'];

/** The static page editor's form and save: back to the list with its notice, or the server's error here. */
export function useFlatpageEditor(existing: Flatpage | undefined) {
  const [form] = Form.useForm<EditorValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (values: FlatpageFormValues) =>
      existing === undefined
        ? createFlatpage(FlatpageCreateSchema.parse(values))
        : updateFlatpage(existing.id, values),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: oemKeys.flatpages() });
      const notice = existing === undefined ? FLATPAGE_MESSAGES.added : FLATPAGE_MESSAGES.updated;
      navigate(PATHS.flatpagesAdmin, { state: noticeState(notice) });
    },
    onError: (failure) => {
      if (failure instanceof ApiError) {
        const fields = Object.entries(failure.fields).filter(([name]) => FORM_FIELDS.includes(name));
        form.setFields(fields.map(([name, errors]) => ({ name: name as keyof EditorValues, errors })));
      }
      setError(errorMessageOf(failure, FLATPAGE_MESSAGES.notFound));
    },
  });
  return { form, save, error, cancel: () => navigate(PATHS.flatpagesAdmin) };
}
