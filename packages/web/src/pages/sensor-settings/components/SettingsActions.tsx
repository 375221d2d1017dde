import { useNavigate } from 'react-router';
import { FormActions } from '../../../components/FormActions';
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
    <FormActions
      // The form may be disabled (read-only); the way back never is.
      cancel={{
        onClick: () => navigate(PATHS.dashboard),
        label: canSave ? 'CANCEL' : 'BACK',
        testId: 'sensor-settings-cancel',
        isAlwaysEnabled: true,
      }}
      save={canSave ? { label: 'SAVE', isPending: isSaving, testId: 'sensor-settings-save' } : undefined}
    />
  );
}
