import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isHttpUrl, OEM_MESSAGES, RSS_MESSAGES, type RssFeedEntry } from '@vigil/contracts';
import { Button, Card, Empty, Form, Input } from 'antd';
import { errorMessageOf } from '../../api/api-error';
import { oemKeys, saveRssFeed } from '../../api/oem';
import { FormActions } from '../../components/FormActions';
import { type ShowNotice, useNotice } from '../../hooks/useNotice';
import { usePageTitle } from '../../hooks/usePageTitle';
import { OemEditFrame } from './components/OemEditFrame';
import { buildRssSavePayload, type RssFeedRow } from './rss-feed-payload';
import { useRssFeed } from './useOemQueries';
import './oem.css';

type RssFormValues = { entries: RssFeedRow[] };

const urlRule = {
  validator: async (_rule: unknown, value: string | undefined) => {
    const url = (value ?? '').trim();
    if (url !== '' && !isHttpUrl(url)) {
      throw new Error(RSS_MESSAGES.urlInvalid);
    }
  },
};

/** /settings/rss/edit: the editable list of RSS entries (title, description, url), saved as a whole. */
export function RssFeedEditPage() {
  usePageTitle('RSS Feeds');
  const rssFeed = useRssFeed();
  // Kept here: the form is re-mounted with the saved list, the alert must outlive it.
  const notice = useNotice();

  return (
    <OemEditFrame title="RSS Feeds" query={rssFeed} notice={notice.notice} alertTestId="rss-alert">
      {/* Re-mounted with each loaded list, so the form starts from what the server holds. */}
      {(loaded) => <RssFeedForm key={rssFeed.dataUpdatedAt} loaded={loaded} onNotice={notice.show} />}
    </OemEditFrame>
  );
}

type RssFeedFormProps = { loaded: RssFeedEntry[]; onNotice: ShowNotice };

function RssFeedForm({ loaded, onNotice }: RssFeedFormProps) {
  const [form] = Form.useForm<RssFormValues>();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (values: RssFormValues) => saveRssFeed(buildRssSavePayload(loaded, values.entries ?? [])),
    onSuccess: (entries) => {
      queryClient.setQueryData(oemKeys.rssFeed(), entries);
      onNotice(OEM_MESSAGES.rssSaved);
    },
    onError: (error) => onNotice(errorMessageOf(error, OEM_MESSAGES.loadError), 'error'),
  });

  return (
    <Form<RssFormValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ entries: loaded }}
      onFinish={(values) => save.mutate(values)}
      data-testid="rss-form"
    >
      <Form.List name="entries">
        {(fields, { add, remove }) => (
          <>
            {fields.length === 0 ? <Empty description="No RSS entries yet." /> : null}
            {fields.map((field, index) => (
              <Card
                key={field.key}
                size="small"
                className="rss-entry"
                title={`Entry ${index + 1}`}
                data-testid={`rss-entry-${index}`}
                extra={
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={`Remove entry ${index + 1}`}
                    onClick={() => remove(field.name)}
                  />
                }
              >
                <Form.Item
                  name={[field.name, 'title']}
                  label="Title"
                  rules={[
                    { required: true, whitespace: true, message: RSS_MESSAGES.titleRequired },
                    { max: 255, message: RSS_MESSAGES.titleTooLong },
                  ]}
                >
                  <Input placeholder="Title" aria-label={`Title ${index + 1}`} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'description']}
                  label="Description"
                  rules={[
                    { required: true, whitespace: true, message: RSS_MESSAGES.descriptionRequired },
                    { max: 1000, message: RSS_MESSAGES.descriptionTooLong },
                  ]}
                >
                  <Input.TextArea
                    rows={2}
                    placeholder="Description"
                    aria-label={`Description ${index + 1}`}
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'url']}
                  label="URL"
                  rules={[{ required: true, whitespace: true, message: RSS_MESSAGES.urlRequired }, urlRule]}
                  style={{ marginBottom: 0 }}
                >
                  <Input placeholder="https://" aria-label={`URL ${index + 1}`} />
                </Form.Item>
              </Card>
            ))}
            <Button type="dashed" block icon={<PlusOutlined />} onClick={() => add({})} data-testid="rss-add">
              ADD ENTRY
            </Button>
          </>
        )}
      </Form.List>
      <FormActions save={{ label: 'SAVE', isPending: save.isPending, testId: 'rss-save' }} />
    </Form>
  );
}
