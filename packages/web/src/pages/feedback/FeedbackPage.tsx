import { Button, Card, Form, Input, Select, Typography } from 'antd';
import { useState } from 'react';
import { CaptchaPlaceholder } from '../../components/CaptchaPlaceholder';
import { usePageTitle } from '../../hooks/usePageTitle';
import { FEEDBACK_MESSAGE_MAX_LENGTH, FEEDBACK_MESSAGES, FEEDBACK_TOPICS } from '../../messages';

type FeedbackValues = { about: string; text: string };

const TOPIC_OPTIONS = FEEDBACK_TOPICS.map((topic) => ({ value: topic, label: topic }));

/** 'Send Feedback' (A sections 2 and 5), for visitors and signed-in users alike; SEND waits for the captcha. */
export function FeedbackPage() {
  usePageTitle('Send Feedback');
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);

  return (
    <div className="narrow-page">
      <Typography.Title level={3} className="page-title">
        Send Feedback
      </Typography.Title>
      <Card>
        <Typography.Paragraph type="secondary">
          Tell us what works, what does not, or what you would like Vigil to do next.
        </Typography.Paragraph>
        <Form<FeedbackValues> name="feedback" layout="vertical" requiredMark={false}>
          <Form.Item
            name="about"
            label="Topic"
            rules={[{ required: true, message: FEEDBACK_MESSAGES.topicRequired }]}
          >
            <Select options={TOPIC_OPTIONS} placeholder="Choose a topic" aria-label="Topic" />
          </Form.Item>
          <Form.Item
            name="text"
            label="Message"
            rules={[
              { required: true, whitespace: true, message: FEEDBACK_MESSAGES.messageRequired },
              { max: FEEDBACK_MESSAGE_MAX_LENGTH },
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
            <CaptchaPlaceholder onSolved={setCaptchaToken} />
          </Form.Item>
          <Button type="primary" htmlType="submit" disabled={captchaToken === null}>
            SEND
          </Button>
        </Form>
      </Card>
    </div>
  );
}
