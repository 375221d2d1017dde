import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FLATPAGE_MESSAGES,
  type Flatpage,
  FlatpageCreateSchema,
  type FlatpageFormValues,
} from '@vigil/contracts';
import { Alert, Button, Card, Col, Flex, Form, Input, Row, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError, errorMessageOf, isNotFound } from '../../api/api-error';
import { createFlatpage, getFlatpage, OEM_QUERY_KEYS, updateFlatpage } from '../../api/oem';
import { usePageTitle } from '../../hooks/usePageTitle';
import { PATHS } from '../../routes/paths';
import { FlatpagePreview } from './components/FlatpagePreview';
import { OemLoadError } from './components/OemLoadError';
import type { FlatpagesListState } from './useFlatpageNotice';
import './oem.css';

type EditorValues = { url: string; title: string; content: string; css: string };

const EMPTY: EditorValues = { url: '/', title: '', content: '', css: '' };
const FORM_FIELDS: string[] = ['url', 'title', 'content', 'css'];

/** The server's URL rules (leading and trailing slash, allowed characters), checked as the author types. */
const urlRule = {
  validator: async (_rule: unknown, value: string | undefined) => {
    const result = FlatpageCreateSchema.shape.url.safeParse(value ?? '');
    if (!result.success) {
      throw new Error(result.error.issues[0]?.message ?? FLATPAGE_MESSAGES.urlRequired);
    }
  },
};

/** /settings/flatpages/add and /settings/flatpages/edit/:id: a static page with live sanitised preview. */
export function FlatpageEditorPage() {
  const { id } = useParams();
  const pageId = id === undefined ? undefined : Number(id);
  const isEdit = pageId !== undefined;
  usePageTitle(isEdit ? 'Edit Page' : 'Add Page');
  const flatpage = useQuery({
    queryKey: [...OEM_QUERY_KEYS.flatpages, 'one', pageId],
    queryFn: ({ signal }) => getFlatpage(pageId ?? 0, signal),
    enabled: isEdit,
  });

  return (
    <div className="page">
      <Typography.Title level={3} className="page-title">
        {isEdit ? 'Edit Page' : 'Add Page'}
      </Typography.Title>
      {flatpage.isError && isNotFound(flatpage.error) ? (
        <Alert type="error" showIcon title={FLATPAGE_MESSAGES.notFound} className="form-alert" />
      ) : null}
      {flatpage.isError && !isNotFound(flatpage.error) ? (
        <OemLoadError isRetrying={flatpage.isFetching} onRetry={() => void flatpage.refetch()} />
      ) : null}
      {isEdit && flatpage.isPending && !flatpage.isError ? <Spin /> : null}
      {isEdit && flatpage.data === undefined ? null : (
        <EditorForm key={pageId ?? 'new'} existing={flatpage.data} />
      )}
    </div>
  );
}

function EditorForm({ existing }: { existing: Flatpage | undefined }) {
  const [form] = Form.useForm<EditorValues>();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const content = Form.useWatch('content', form) ?? existing?.content ?? '';
  const css = Form.useWatch('css', form) ?? existing?.css ?? '';
  const save = useMutation({
    mutationFn: (values: FlatpageFormValues) =>
      existing === undefined
        ? createFlatpage(FlatpageCreateSchema.parse(values))
        : updateFlatpage(existing.id, values),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: OEM_QUERY_KEYS.flatpages });
      const state: FlatpagesListState = {
        notice: existing === undefined ? FLATPAGE_MESSAGES.added : FLATPAGE_MESSAGES.updated,
      };
      navigate(PATHS.flatpagesAdmin, { state });
    },
    onError: (failure) => {
      if (failure instanceof ApiError) {
        const fields = Object.entries(failure.fields).filter(([name]) => FORM_FIELDS.includes(name));
        form.setFields(fields.map(([name, errors]) => ({ name: name as keyof EditorValues, errors })));
      }
      setError(errorMessageOf(failure, FLATPAGE_MESSAGES.notFound));
    },
  });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card>
          {error === null ? null : (
            <Alert type="error" showIcon title={error} className="form-alert" data-testid="page-error" />
          )}
          <Form<EditorValues>
            form={form}
            layout="vertical"
            requiredMark={false}
            initialValues={existing ?? EMPTY}
            onFinish={(values) => save.mutate(values)}
            data-testid="page-form"
          >
            <Form.Item
              name="url"
              label="URL"
              rules={[urlRule]}
              extra="For example /terms/ — it is read at /flatpages/?url=/terms/"
            >
              <Input placeholder="/terms/" aria-label="URL" />
            </Form.Item>
            <Form.Item
              name="title"
              label="Title"
              rules={[
                { required: true, whitespace: true, message: FLATPAGE_MESSAGES.titleRequired },
                { max: 200, message: FLATPAGE_MESSAGES.titleTooLong },
              ]}
            >
              <Input placeholder="Title" aria-label="Title" />
            </Form.Item>
            <Form.Item
              name="content"
              label="Content (HTML)"
              extra="Scripts, event handlers, iframes and javascript: links are removed when the page is saved."
            >
              <Input.TextArea rows={14} className="oem-code" aria-label="Content (HTML)" spellCheck={false} />
            </Form.Item>
            <Form.Item name="css" label="CSS" extra="Applies to this page only.">
              <Input.TextArea rows={8} className="oem-code" aria-label="CSS" spellCheck={false} />
            </Form.Item>
            <Flex justify="flex-end" gap={8}>
              <Button onClick={() => navigate(PATHS.flatpagesAdmin)}>CANCEL</Button>
              <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="page-save">
                SAVE
              </Button>
            </Flex>
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <FlatpagePreview content={content} css={css} />
      </Col>
    </Row>
  );
}
