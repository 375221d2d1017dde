import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SHELVE_DURATION_CHOICES, SHELVE_REASON_MAX_LENGTH } from '@vigil/contracts';
import { Alert, Input, Modal, Radio } from 'antd';
import { useState } from 'react';
import { ApiError, errorMessageOf } from '../../api/api-error';
import { shelveSensor, shelvingKeys } from '../../api/shelving';
import { zoneLabel } from '../../time/site-time';
import { DURATION_LABELS, EMPTY_SHELVE_DRAFT, type ShelveDuration, shelveRequestOf } from './shelve-draft';

const SHELVE_FAILED = 'The alarms could not be shelved. Please try again.';

type ShelveDialogProps = {
  siteId: number;
  timeZone: string;
  sensor: { deviceId: number; fullId: string; name: string };
  onClose: () => void;
  onShelved: (summary: string) => void;
};

/** 'Shelve alarms…' of a sensor (issue 27, docs/shelving.md): how long, and why (required). */
export function ShelveDialog({ siteId, timeZone, sensor, onClose, onShelved }: ShelveDialogProps) {
  const [draft, setDraft] = useState(EMPTY_SHELVE_DRAFT);
  const [problems, setProblems] = useState<string[]>([]);
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: Parameters<typeof shelveSensor>[1]) => shelveSensor(siteId, body),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: shelvingKeys.site(siteId) });
      onShelved(`Alarms of ${sensor.name} shelved`);
    },
    onError: (error) => {
      const messages = error instanceof ApiError ? Object.values(error.fields).flat() : [];
      setProblems(messages.length > 0 ? messages : [errorMessageOf(error, SHELVE_FAILED)]);
    },
  });
  const submit = () => {
    const request = shelveRequestOf(draft, sensor, timeZone, Date.now());
    if ('problems' in request) {
      setProblems(request.problems);
      return;
    }
    setProblems([]);
    save.mutate(request.body);
  };
  const choices: ShelveDuration[] = [...SHELVE_DURATION_CHOICES, 'until'];
  return (
    <Modal
      open
      title={`Shelve alarms: ${sensor.name}`}
      okText="Shelve"
      cancelText="Cancel"
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: save.isPending, id: 'shelve-submit' }}
      destroyOnHidden
      data-testid="shelve-dialog"
    >
      <p>
        While shelved, this sensor's alarms and warnings are still logged (marked shelved) but send no e-mail,
        no escalation, no toast and no sound.
      </p>
      {problems.length === 0 ? null : (
        <Alert
          type="error"
          showIcon
          title={problems.join(' ')}
          style={{ marginBottom: 12 }}
          data-testid="shelve-problems"
        />
      )}
      <div style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
        <Radio.Group
          value={draft.duration}
          onChange={(event) => setDraft({ ...draft, duration: event.target.value as ShelveDuration })}
          aria-label="How long"
        >
          {choices.map((choice) => (
            <Radio.Button key={choice} value={choice} data-testid={`shelve-duration-${choice}`}>
              {DURATION_LABELS[choice]}
            </Radio.Button>
          ))}
        </Radio.Group>
        {draft.duration === 'until' ? (
          <Input
            value={draft.untilText}
            onChange={(event) => setDraft({ ...draft, untilText: event.target.value })}
            placeholder="YYYY-MM-DD HH:mm"
            addonAfter={zoneLabel(Date.now(), timeZone)}
            aria-label="Until (the site's time)"
            data-testid="shelve-until"
          />
        ) : null}
        <Input.TextArea
          value={draft.reason}
          onChange={(event) => setDraft({ ...draft, reason: event.target.value })}
          maxLength={SHELVE_REASON_MAX_LENGTH}
          rows={3}
          placeholder="Reason (required)"
          aria-label="Reason"
          data-testid="shelve-reason"
          autoFocus
        />
      </div>
    </Modal>
  );
}
