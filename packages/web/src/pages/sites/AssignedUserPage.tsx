import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { Navigate, useLocation, useParams } from 'react-router';
import { assignedUserQuery } from '../../api/users';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { PATHS } from '../../routes/paths';
import { AssignedUserForm } from './components/AssignedUserForm';
import { hasEditAccess } from './site-rules';

/** Where the page was opened from: the edit-site page passes its site. */
export type AssignedUserPageState = { siteId?: number } | null;

/** /sites/add/user and /sites/edit/assign/user/:userId (A section 2 'Assigned user pages'). */
export function AssignedUserPage() {
  const me = useCurrentUser();
  const { userId } = useParams();
  const fromSiteId = (useLocation().state as AssignedUserPageState)?.siteId;
  const backPath = fromSiteId === undefined ? PATHS.sites : `/sites/edit/${fromSiteId}`;
  const id = userId === undefined ? undefined : Number(userId);
  const user = useQuery({
    ...assignedUserQuery(id ?? 0),
    enabled: id !== undefined && Number.isInteger(id) && id > 0,
  });

  if (!hasEditAccess(me) || (id !== undefined && (!Number.isInteger(id) || id <= 0 || user.isError))) {
    return <Navigate to={hasEditAccess(me) ? backPath : PATHS.sites} replace />;
  }
  if (id !== undefined && user.data === undefined) {
    return <Spin className="page-spinner" />;
  }
  return <AssignedUserForm key={id ?? 'new'} user={user.data} fromSiteId={fromSiteId} backPath={backPath} />;
}
