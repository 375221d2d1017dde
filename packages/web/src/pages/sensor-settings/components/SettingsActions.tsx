import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../routes/paths';

type SettingsActionsProps = {
  isSaving: boolean;
  /** False for a read-only view: only the way back shows. */
  canSave?: boolean;
};

/** Cancel (back to /dashboard) and Save of the sensor settings screens. */
export function SettingsActions({ isSaving, canSave = true }: SettingsActionsProps) {
  const navigate = useNavigate();
  return (
    <Flex justify="flex-end" gap={12} className="form-actions">
      {/* The form may be disabled (read-only); the way back never is. */}
      <Button onClick={() => navigate(PATHS.dashboard)} disabled={false} data-testid="sensor-settings-cancel">
        {canSave ? 'CANCEL' : 'BACK'}
      </Button>
      {canSave ? (
        <Button type="primary" htmlType="submit" loading={isSaving} data-testid="sensor-settings-save">
          SAVE
        </Button>
      ) : null}
    </Flex>
  );
}
