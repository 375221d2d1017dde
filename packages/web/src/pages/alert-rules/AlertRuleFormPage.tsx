import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /user/setting/add/notification and /user/setting/add/notification/:id (A section 2). */
export function AlertRuleFormPage() {
  const { id } = useParams();
  return (
    <PlaceholderPage
      title={id === undefined ? 'Add Email Alert' : 'Edit Email Alert'}
      description="The e-mail alert rule form (event, devices, when to notify, Smart Notify) will appear here."
    />
  );
}
