import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ASSIGNED_USER_MESSAGES,
  ASSIGNED_USERS_PAGE_SIZE,
  type AssignedUser,
  type Permission,
} from '@vigil/contracts';
import { useDeferredValue, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessageOf } from '../../api/api-error';
import {
  assignedUserKeys,
  assignedUsersQuery,
  createMembership,
  removeAssignedUser,
  updateMembership,
} from '../../api/users';
import { PATHS } from '../../routes/paths';
import { offsetAfterRemoval } from './site-rules';

type MembershipChange = { user: AssignedUser; permission?: Permission; has_access?: boolean };

type AssignedUsersOptions = {
  clientId: number;
  siteId: number;
  onNotice: (text: string, type: 'success' | 'error') => void;
};

/** The assigned users table of a site: the filter, the page, membership changes and removal. */
export function useAssignedUsersTable({ clientId, siteId, onNotice }: AssignedUsersOptions) {
  const [filterInput, setFilterInput] = useState('');
  const filter = useDeferredValue(filterInput);
  const [paging, setPaging] = useState({ filter: '', offset: 0 });
  const offset = paging.filter === filter ? paging.offset : 0;
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const users = useQuery({
    ...assignedUsersQuery(clientId, { siteId, filter, offset }),
    placeholderData: keepPreviousData,
  });

  const refresh = () => queryClient.invalidateQueries({ queryKey: assignedUserKeys.all });

  const changeMembership = useMutation({
    mutationFn: async ({ user, permission, has_access }: MembershipChange) => {
      const membership = user.location_membership;
      if (membership === null) {
        await createMembership({
          location: siteId,
          user: user.id,
          permission,
          has_access: has_access ?? true,
        });
        return ASSIGNED_USER_MESSAGES.userAdded;
      }
      await updateMembership(membership.id, { permission, has_access });
      return ASSIGNED_USER_MESSAGES.userUpdated;
    },
    onSuccess: async (text) => {
      await refresh();
      onNotice(text, 'success');
    },
    onError: (error) => onNotice(errorMessageOf(error, ASSIGNED_USER_MESSAGES.failed), 'error'),
  });

  const remove = useMutation({
    mutationFn: (user: AssignedUser) => removeAssignedUser(user.id),
    onSuccess: async () => {
      const remaining = (users.data?.count ?? 1) - 1;
      setPaging({ filter, offset: offsetAfterRemoval(offset, remaining) });
      await refresh();
      onNotice(ASSIGNED_USER_MESSAGES.removed, 'success');
    },
    onError: (error) => onNotice(errorMessageOf(error, ASSIGNED_USER_MESSAGES.failed), 'error'),
  });

  return {
    users,
    filterInput,
    setFilterInput,
    page: Math.floor(offset / ASSIGNED_USERS_PAGE_SIZE) + 1,
    changePage: (page: number) => setPaging({ filter, offset: (page - 1) * ASSIGNED_USERS_PAGE_SIZE }),
    changeMembership,
    remove,
    openAddForm: () => navigate(PATHS.addAssignedUser, { state: { siteId } }),
  };
}
