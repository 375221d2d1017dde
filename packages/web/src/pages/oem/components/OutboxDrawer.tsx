import { ReloadOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { OUTBOX_MESSAGES } from '@vigil/contracts';
import { Alert, App, Button, Descriptions, Drawer, Spin, Tabs, Tag } from 'antd';
import { errorMessageOf } from '../../../api/api-error';
import { outboxKeys, outboxMailQuery, retryOutboxMail } from '../../../api/outbox';
import { canRetryMail, formatMailTime, mailStatusTag } from '../outbox-format';

type OutboxDrawerProps = { mailId: number | null; onClose: () => void };

/** One message: its delivery details, text body and HTML body (in a sandboxed frame: nothing in it runs). */
export function OutboxDrawer({ mailId, onClose }: OutboxDrawerProps) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const mail = useQuery({
    ...outboxMailQuery(mailId ?? 0),
    enabled: mailId !== null,
  });
  const retry = useMutation({
    mutationFn: retryOutboxMail,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: outboxKeys.all });
      void message.success(OUTBOX_MESSAGES.retryQueued);
    },
    onError: (error) => void message.error(errorMessageOf(error, OUTBOX_MESSAGES.alreadySent)),
  });
  const data = mail.data;

  return (
    <Drawer
      open={mailId !== null}
      onClose={onClose}
      size="large"
      title={data?.subject ?? 'Message'}
      destroyOnHidden
      data-testid="outbox-drawer"
      extra={
        data !== undefined && canRetryMail(data.status) ? (
          <Button
            type="primary"
            icon={<ReloadOutlined />}
            loading={retry.isPending}
            onClick={() => retry.mutate(data.id)}
            data-testid="outbox-retry"
          >
            Retry
          </Button>
        ) : null
      }
    >
      {mail.isPending ? <Spin /> : null}
      {mail.isError ? (
        <Alert type="error" showIcon title={errorMessageOf(mail.error, OUTBOX_MESSAGES.empty)} />
      ) : null}
      {data === undefined ? null : (
        <>
          <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
            <Descriptions.Item label="To">{data.to}</Descriptions.Item>
            <Descriptions.Item label="Kind">{data.kind}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <Tag color={mailStatusTag(data.status).color}>{mailStatusTag(data.status).label}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label="Attempts">{data.attempts}</Descriptions.Item>
            <Descriptions.Item label="Created">{formatMailTime(data.created_at)}</Descriptions.Item>
            <Descriptions.Item label="Sent">{formatMailTime(data.sent_at) || '—'}</Descriptions.Item>
            {data.status === 'sent' ? null : (
              <Descriptions.Item label="Next attempt">
                {formatMailTime(data.next_attempt_at)}
              </Descriptions.Item>
            )}
            {data.last_error === null ? null : (
              <Descriptions.Item label="Last error">{data.last_error}</Descriptions.Item>
            )}
          </Descriptions>
          <Tabs
            items={[
              {
                key: 'text',
                label: 'Text',
                children: (
                  <pre className="outbox-mail-text" data-testid="outbox-text">
                    {data.text_body}
                  </pre>
                ),
              },
              {
                key: 'html',
                label: 'HTML',
                children: (
                  // sandbox="" : no scripts, no forms, no navigation, a unique origin.
                  <iframe
                    title="E-mail HTML"
                    sandbox=""
                    srcDoc={data.html_body}
                    className="outbox-mail-frame"
                    data-testid="outbox-html"
                  />
                ),
              },
            ]}
          />
        </>
      )}
    </Drawer>
  );
}
