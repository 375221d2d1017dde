import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ASSIGNED_USER_MESSAGES,
  type AssignedUserDetail,
  type LocationAccess,
  type Site,
} from '@vigil/contracts';
import { Form, type FormInstance } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorMessageOf } from '../../api/api-error';
import { sitesQuery } from '../../api/sites';
import { assignedUserKeys, createAssignedUser, updateAssignedUser } from '../../api/users';
import { useCurrentUser } from '../../hooks/useCurrentUser';
import { noticeState, useNotice } from '../../hooks/useNotice';
import { USER_ALERT_RESET_MS } from '../../messages';
import { changedAccess, managesClient, type SiteAccessState } from './site-rules';

export type ProfileFields = {
  full_name: string;
  email: string;
  company: string;
  phone: string;
  address: string;
};
const PROFILE_FIELDS = ['full_name', 'email', 'company', 'phone', 'address'] as const;

function initialAccess(user: AssignedUserDetail | undefined, fromSiteId: number | undefined) {
  const access = new Map<number, SiteAccessState>();
  for (const entry of user?.location_access ?? []) {
    access.set(entry.location_id, { has_access: entry.has_access, permission: entry.permission });
  }
  if (user === undefined && fromSiteId !== undefined) {
    access.set(fromSiteId, { has_access: true, permission: 'User' });
  }
  return access;
}

export function profileOf(user: AssignedUserDetail): ProfileFields {
  return { full_name: user.full_name, email: user.email, ...user.profile };
}

/** Server messages of a 400 on the profile fields; false when there were none. */
function showProfileErrors(form: FormInstance<ProfileFields>, error: unknown): boolean {
  if (!(error instanceof ApiError)) {
    return false;
  }
  const fields = PROFILE_FIELDS.filter((name) => error.fields[name] !== undefined).map((name) => ({
    name,
    errors: error.fields[name] ?? [],
  }));
  form.setFields(fields);
  return fields.length > 0;
}

type AssignedUserFormOptions = { user?: AssignedUserDetail; fromSiteId?: number; backPath: string };

/** Add User / Update User: the profile, the per-site access, the 10 s alert and the save (A sections 2 and 5). */
export function useAssignedUserForm({ user, fromSiteId, backPath }: AssignedUserFormOptions) {
  const me = useCurrentUser();
  const isEdit = user !== undefined;
  const [form] = Form.useForm<ProfileFields>();
  const [access, setAccess] = useState(() => initialAccess(user, fromSiteId));
  const { notice, show } = useNotice(USER_ALERT_RESET_MS);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const sites = useQuery(sitesQuery());
  const siteList: Site[] = sites.data?.results ?? [];
  const editableIds = siteList.filter((site) => site.can_edit).map((site) => site.id);
  const canEditProfile = !isEdit || user.can_edit_profile;

  const save = useMutation({
    mutationFn: async (values: ProfileFields): Promise<string> => {
      if (!isEdit) {
        const granted = changedAccess([], access, editableIds).filter((entry) => entry.has_access);
        const created = await createAssignedUser({ ...values, location_access: granted });
        return created.detail;
      }
      const location_access: LocationAccess[] = changedAccess(user.location_access, access, editableIds);
      await updateAssignedUser(user.id, { ...(canEditProfile ? values : {}), location_access });
      return ASSIGNED_USER_MESSAGES.infoUpdated;
    },
    onSuccess: async (text) => {
      await queryClient.invalidateQueries({ queryKey: assignedUserKeys.all });
      navigate(backPath, { state: noticeState(text, USER_ALERT_RESET_MS) });
    },
    onError: (error) => {
      if (!showProfileErrors(form, error)) {
        show(errorMessageOf(error, ASSIGNED_USER_MESSAGES.failed), 'error');
      }
    },
  });

  const handleFinish = (values: ProfileFields) => {
    const granted = [...access.entries()].some(
      ([siteId, state]) => state.has_access && editableIds.includes(siteId),
    );
    if (!isEdit && !granted) {
      show(ASSIGNED_USER_MESSAGES.selectLocationFirst, 'error');
      return;
    }
    save.mutate(values);
  };

  return {
    isEdit,
    form,
    notice,
    showNotice: show,
    sites,
    siteList,
    access,
    changeAccess: (siteId: number, state: SiteAccessState) =>
      setAccess((current) => new Map(current).set(siteId, state)),
    canEditProfile,
    /** Reset 2FA, activation and removal: for those who manage the client, about someone else. */
    showsAccount: isEdit && managesClient(me) && user.id !== me.id,
    save,
    // A person's profile that the reader may not change is not validated (nor sent).
    submit: () => (canEditProfile ? form.submit() : handleFinish(form.getFieldsValue())),
    handleFinish,
    cancel: () => navigate(backPath),
  };
}
