import { useMutation } from '@tanstack/react-query';
import { ACTIVATION_MESSAGES, type ActivationState } from '@vigil/contracts';
import { Button, Card, Checkbox, Typography } from 'antd';
import { useState } from 'react';
import { errorMessageOf, isNotFound } from '../../api/api-error';
import { acceptTerms } from '../../api/registration';
import { NoticeAlert } from '../../components/NoticeAlert';
import { useNotice } from '../../hooks/useNotice';
import { ACTIVATION_STATUS_RESET_MS } from '../../messages';
import { SAFETY_NOTICE } from '../landing/features';

type TermsOfUseProps = {
  activationKey: string;
  onAccepted: (state: ActivationState) => void;
  /** The link stopped working (404): the page then shows why and leaves. */
  onLinkInvalid: (error: unknown) => void;
};

/** Activation stage 0 (A sections 1 and 4): the terms, a checkbox, and ACCEPT once it is ticked. */
export function TermsOfUse({ activationKey, onAccepted, onLinkInvalid }: TermsOfUseProps) {
  const [hasAccepted, setHasAccepted] = useState(false);
  const error = useNotice(ACTIVATION_STATUS_RESET_MS);
  const accept = useMutation({
    mutationFn: () => acceptTerms(activationKey),
    onSuccess: onAccepted,
    onError: (failure) => {
      if (isNotFound(failure)) {
        onLinkInvalid(failure);
        return;
      }
      error.show(errorMessageOf(failure, ACTIVATION_MESSAGES.failed), 'error');
    },
  });

  return (
    <>
      <Typography.Title level={3} className="page-title">
        Terms of use
      </Typography.Title>
      <Card>
        <NoticeAlert notice={error.notice} testId="activation-status" />
        <Typography.Paragraph>
          Before you set your password, please read and accept the terms under which Vigil is provided.
        </Typography.Paragraph>
        <Typography.Paragraph strong>{SAFETY_NOTICE}</Typography.Paragraph>
        <Typography.Paragraph>
          The portal only displays the status that the installed system reports. Readings can arrive late or
          not at all when a device, its network or the internet connection fails, so the absence of an alarm
          on screen or in your e-mail is not proof that the plant is safe.
        </Typography.Paragraph>
        <Typography.Paragraph>
          You keep your password and two-factor device to yourself, and you tell your accounts manager when
          someone should no longer have access.
        </Typography.Paragraph>
        <Checkbox checked={hasAccepted} onChange={(event) => setHasAccepted(event.target.checked)}>
          I have read and accept the terms of use
        </Checkbox>
        <div className="form-actions">
          <Button
            type="primary"
            disabled={!hasAccepted}
            loading={accept.isPending}
            onClick={() => accept.mutate()}
          >
            ACCEPT
          </Button>
        </div>
      </Card>
    </>
  );
}
