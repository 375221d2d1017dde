import { useMutation } from '@tanstack/react-query';
import {
  COMMON_MESSAGES,
  FEEDBACK_MESSAGE_MAX_LENGTH,
  FEEDBACK_MESSAGES,
  FEEDBACK_TOPICS,
  type FeedbackRequest,
  type FeedbackTopic,
} from '@vigil/contracts';
import { Button, Card, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { errorMessageOf } from '../../api/api-error';
import { sendFeedback } from '../../api/feedback';
import { Captcha } from '../../components/Captcha';
import { NoticeAlert } from '../../components/NoticeAlert';
import { useNotice } from '../../hooks/useNotice';
import { usePageTitle } from '../../hooks/usePageTitle';
import { ALERT_RESET_MS } from '../../messages';

type FeedbackValues = { about: FeedbackTopic; text: string };
const TOPIC_OPTIONS = FEEDBACK_TOPICS.map((topic) => ({ value: topic, label: topic }));

/** 'Send Feedback' (A sections 2 and 5), for visitors and signed-in users alike; SEND waits for the captcha. */
export function FeedbackPage() {
  usePageTitle('Send Feedback');
  const [form] = Form.useForm<FeedbackValues>();
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  // The server uses a captcha up: every attempt gets a fresh widget.
  const [captchaKey, setCaptchaKey] = useState(0);
  const status = useNotice(ALERT_RESET_MS);
  const send = useMutation({
    mutationFn: (body: FeedbackRequest) => sendFeedback(body),
    onSuccess: (detail) => {
      status.show(detail || FEEDBACK_MESSAGES.saved, 'success');
      form.resetFields();
    },
    onError: (error) => status.show(errorMessageOf(error, COMMON_MESSAGES.unexpected), 'error'),
    onSettled: () => {
      setCaptchaToken(null);
      setCaptchaKey((key) => key + 1);
    },
  });

  const handleFinish = (values: FeedbackValues) => {
    if (captchaToken === null) {
      status.show(FEEDBACK_MESSAGES.captchaRequired, 'error');
      return;
    }
    status.clear();
    send.mutate({ about: values.about, text: values.text.trim(), captcha: captchaToken });
  };

  return (
    <div className="narrow-page">
      <Typography.Title level={3} className="page-title">
        Send Feedback
      </Typography.Title>
      <Card>
        <NoticeAlert notice={status.notice} testId="feedback-status" />
        <Typography.Paragraph type="secondary">
          Tell us what works, what does not, or what you would like Vigil to do next.
        </Typography.Paragraph>
        <Form<FeedbackValues>
          form={form}
          name="feedback"
          layout="vertical"
          requiredMark={false}
          onFinish={handleFinish}
          disabled={send.isPending}
        >
          <Form.Item
            name="about"
            label="Topic"
            rules={[{ required: true, message: FEEDBACK_MESSAGES.topicRequired }]}
          >
            <Select
              options={TOPIC_OPTIONS}
              placeholder="Choose a topic"
              aria-label="Topic"
              data-testid="topic"
            />
          </Form.Item>
          <Form.Item
            name="text"
            label="Message"
            rules={[
              { required: true, whitespace: true, message: FEEDBACK_MESSAGES.messageRequired },
              { max: FEEDBACK_MESSAGE_MAX_LENGTH, message: FEEDBACK_MESSAGES.messageTooLong },
            ]}
          >
            <Input.TextArea
              rows={6}
              maxLength={FEEDBACK_MESSAGE_MAX_LENGTH}
              showCount
              placeholder="Your message"
              aria-label="Message"
            />
          </Form.Item>
          <Form.Item>
            <Captcha key={captchaKey} onChange={setCaptchaToken} />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            disabled={captchaToken === null || send.isPending}
            loading={send.isPending}
            data-testid="feedback-submit"
          >
            SEND
          </Button>
        </Form>
      </Card>
    </div>
  );
}
