import { CopyOutlined } from '@ant-design/icons';
import { ASSIGNED_USER_MESSAGES } from '@vigil/contracts';
import { Button, Flex, Typography } from 'antd';
import { useSyncExternalStore } from 'react';
import { activationUrl } from '../site-rules';

/** A section 2: the link is shown whole above 1100 px and shortened below. */
const WIDE_QUERY = '(min-width: 1100.02px)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function useIsWide(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_QUERY).matches,
    () => true,
  );
}

/** Copies text with the Clipboard API, or the older selection way where that is refused. */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.style.position = 'fixed';
    area.style.opacity = '0';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    if (!copied) {
      throw new Error('copy refused');
    }
  }
}

type ActivationLinkProps = { activationKey: string; onCopied: (text: string, ok: boolean) => void };

/** The pending activation link of an assigned user, with a copy action. */
export function ActivationLink({ activationKey, onCopied }: ActivationLinkProps) {
  const isWide = useIsWide();
  const link = activationUrl(window.location.origin, activationKey);
  const handleCopy = async () => {
    try {
      await copyText(link);
      onCopied(ASSIGNED_USER_MESSAGES.linkCopied, true);
    } catch {
      onCopied(ASSIGNED_USER_MESSAGES.failed, false);
    }
  };
  return (
    <Flex align="center" gap={8} className="activation-link" data-testid="activation-link">
      <Typography.Text
        code
        title={link}
        style={isWide ? { wordBreak: 'break-all' } : { maxWidth: 240 }}
        ellipsis={!isWide}
        data-testid="activation-link-text"
      >
        {link}
      </Typography.Text>
      <Button
        icon={<CopyOutlined />}
        onClick={handleCopy}
        aria-label="Copy activation link"
        data-testid="copy-activation-link"
      >
        Copy
      </Button>
    </Flex>
  );
}
