import { useParams } from 'react-router';
import { PlaceholderPage } from '../../components/PlaceholderPage';

/** /sites/add/user and /sites/edit/assign/user/:userId (A section 2 'Assigned user pages'). */
export function AssignedUserPage() {
  const { userId } = useParams();
  return (
    <PlaceholderPage
      title={userId === undefined ? 'Add User' : 'Update User'}
      description="The assigned-user form with per-site access and permission will appear here."
    />
  );
}
