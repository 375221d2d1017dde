import { SafetyCertificateOutlined } from '@ant-design/icons';
import { Flex, Typography } from 'antd';

/**
 * Where the captcha widget (ALTCHA, or reCAPTCHA when configured) mounts. It reports a solved challenge
 * through `onSolved`; until the widget is wired nothing is solved, so the forms' buttons stay disabled.
 */
export function CaptchaPlaceholder(_props: { onSolved: (token: string) => void }) {
  return (
    <Flex className="captcha-box" align="center" gap={12} data-testid="captcha">
      <SafetyCertificateOutlined className="captcha-box-icon" />
      <Typography.Text type="secondary">The captcha loads here.</Typography.Text>
    </Flex>
  );
}
