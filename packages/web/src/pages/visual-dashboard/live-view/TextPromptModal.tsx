import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { errorMessageOf } from '../../../api/api-error';

export type TextPrompt = {
  title: string;
  /** Said above the field (e.g. the spec's 'modify published' message). */
  message?: string;
  label: string;
  initialValue: string;
  requiredMessage: string;
  maxLength: number;
  isMultiline?: boolean;
  okText: string;
  testId: string;
  /** Runs the change; a failure keeps the modal open with the server's message. */
  onSubmit: (value: string) => Promise<void>;
};

/** A modal asking for one required text (publish comment, copy name); bad input changes nothing. */
export function TextPromptModal({ prompt, onClose }: { prompt: TextPrompt; onClose: () => void }) {
  const [form] = Form.useForm<{ value: string }>();
  const [isBusy, setIsBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const handleOk = async () => {
    let value: string;
    try {
      value = (await form.validateFields()).value.trim();
    } catch {
      return;
    }
    setIsBusy(true);
    setFailure(null);
    try {
      await prompt.onSubmit(value);
      onClose();
    } catch (error) {
      setFailure(errorMessageOf(error, 'The change could not be made. Please try again.'));
    } finally {
      setIsBusy(false);
    }
  };
  const rules = [
    { required: true, whitespace: true, message: prompt.requiredMessage },
    { max: prompt.maxLength, message: `At most ${prompt.maxLength} characters.` },
  ];
  return (
    <Modal
      open
      title={prompt.title}
      okText={prompt.okText}
      onOk={handleOk}
      onCancel={onClose}
      confirmLoading={isBusy}
      destroyOnHidden
      data-testid={prompt.testId}
    >
      {prompt.message === undefined ? null : <Typography.Paragraph>{prompt.message}</Typography.Paragraph>}
      <Form form={form} layout="vertical" initialValues={{ value: prompt.initialValue }} onFinish={handleOk}>
        <Form.Item name="value" label={prompt.label} rules={rules}>
          {prompt.isMultiline ? <Input.TextArea rows={3} autoFocus /> : <Input autoFocus />}
        </Form.Item>
      </Form>
      {failure === null ? null : <Alert type="error" showIcon message={failure} />}
    </Modal>
  );
}
