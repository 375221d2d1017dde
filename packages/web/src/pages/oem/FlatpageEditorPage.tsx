import { useQuery } from '@tanstack/react-query';
import { FLATPAGE_MESSAGES, type Flatpage, FlatpageCreateSchema } from '@vigil/contracts';
import { Alert, Card, Col, Form, Input, Row, Spin, Typography } from 'antd';
import { useParams } from 'react-router';
import { isNotFound } from '../../api/api-error';
import { flatpageQuery } from '../../api/oem';
import { FormActions } from '../../components/FormActions';
import { usePageTitle } from '../../hooks/usePageTitle';
import { FlatpagePreview } from './components/FlatpagePreview';
import { OemLoadError } from './components/OemLoadError';
import { type EditorValues, useFlatpageEditor } from './useFlatpageEditor';
import './oem.css';

const EMPTY: EditorValues = { url: '/', title: '', content: '', css: '' };

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
  const flatpage = useQuery({ ...flatpageQuery(pageId ?? 0), enabled: isEdit });

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
  const { form, save, ...editor } = useFlatpageEditor(existing);
  const content = Form.useWatch('content', form) ?? existing?.content ?? '';
  const css = Form.useWatch('css', form) ?? existing?.css ?? '';

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card>
          {editor.error === null ? null : (
            <Alert
              type="error"
              showIcon
              title={editor.error}
              className="form-alert"
              data-testid="page-error"
            />
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
            <FormActions
              isFlush
              gap={8}
              cancel={{ onClick: editor.cancel }}
              save={{ label: 'SAVE', isPending: save.isPending, testId: 'page-save' }}
            />
          </Form>
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <FlatpagePreview content={content} css={css} />
      </Col>
    </Row>
  );
}
