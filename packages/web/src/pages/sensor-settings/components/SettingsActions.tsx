import { Button, Flex } from 'antd';
import { useNavigate } from 'react-router';
import { PATHS } from '../../../routes/paths';

/** Cancel (back to /dashboard) and Save of the sensor settings screens. */
export function SettingsActions({ isSaving }: { isSaving: boolean }) {
  const navigate = useNavigate();
  return (
    <Flex justify="flex-end" gap={12} className="form-actions">
      <Button onClick={() => navigate(PATHS.dashboard)} data-testid="sensor-settings-cancel">
        CANCEL
      </Button>
      <Button type="primary" htmlType="submit" loading={isSaving} data-testid="sensor-settings-save">
        SAVE
      </Button>
    </Flex>
  );
}
