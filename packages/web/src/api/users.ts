import { queryOptions } from '@tanstack/react-query';
import {
  ASSIGNED_USERS_PAGE_SIZE,
  type AssignedUser,
  type AssignedUserCreated,
  AssignedUserCreatedSchema,
  type AssignedUserCreateInput,
  type AssignedUserDetail,
  AssignedUserDetailSchema,
  AssignedUserSchema,
  type AssignedUserUpdateInput,
  DetailResponseSchema,
  type Membership,
  type MembershipCreateInput,
  MembershipSchema,
  type MembershipUpdate,
  type Paginated,
  paginatedSchema,
} from '@vigil/contracts';
import { api, ignoreBody } from './client';

const AssignedUserPageSchema = paginatedSchema(AssignedUserSchema);

export type AssignedUserListParams = { siteId?: number; filter?: string; offset?: number };

/** Query keys of the assigned users; invalidating `all` refreshes the tables and the people. */
export const assignedUserKeys = {
  all: ['assigned-users'] as const,
  list: (clientId: number, params: AssignedUserListParams) =>
    [...assignedUserKeys.all, 'list', clientId, params] as const,
  one: (id: number) => [...assignedUserKeys.all, 'one', id] as const,
};

export function assignedUsersQuery(clientId: number, params: AssignedUserListParams) {
  return queryOptions({
    queryKey: assignedUserKeys.list(clientId, params),
    queryFn: ({ signal }) => listAssignedUsers(clientId, params, signal),
  });
}

export function assignedUserQuery(id: number) {
  return queryOptions({
    queryKey: assignedUserKeys.one(id),
    queryFn: ({ signal }) => getAssignedUser(id, signal),
  });
}

/** GET clients/{id}/users/: one page of 20, with each person's membership at siteId; filter lower-cased. */
export function listAssignedUsers(
  clientId: number,
  params: AssignedUserListParams,
  signal?: AbortSignal,
): Promise<Paginated<AssignedUser>> {
  return api.get(`clients/${clientId}/users/`, {
    query: {
      offset: params.offset ?? 0,
      limit: ASSIGNED_USERS_PAGE_SIZE,
      'with-location-membership': params.siteId,
      filter: params.filter?.trim().toLowerCase(),
    },
    parse: AssignedUserPageSchema.parse,
    signal,
  });
}

/** GET users/{id}/. */
export function getAssignedUser(id: number, signal?: AbortSignal): Promise<AssignedUserDetail> {
  return api.get(`users/${id}/`, { parse: AssignedUserDetailSchema.parse, signal });
}

/** POST users/: 'User created' or 'User added to another client' with the person. */
export function createAssignedUser(body: AssignedUserCreateInput): Promise<AssignedUserCreated> {
  return api.post('users/', { body, parse: AssignedUserCreatedSchema.parse });
}

/** PATCH users/{id}/. */
export function updateAssignedUser(id: number, body: AssignedUserUpdateInput): Promise<AssignedUserDetail> {
  return api.patch(`users/${id}/`, { body, parse: AssignedUserDetailSchema.parse });
}

/** DELETE users/{id}/: removes the person from the current client. */
export function removeAssignedUser(id: number): Promise<void> {
  return api.delete(`users/${id}/`, { parse: ignoreBody });
}

/** POST users/activation/resend-activation/{id}/. */
export async function resendActivation(id: number): Promise<void> {
  await api.post(`users/activation/resend-activation/${id}/`, { parse: DetailResponseSchema.parse });
}

/** POST membership/. */
export function createMembership(body: MembershipCreateInput): Promise<Membership> {
  return api.post('membership/', { body, parse: MembershipSchema.parse });
}

/** PATCH membership/{id}/. */
export function updateMembership(id: number, body: MembershipUpdate): Promise<Membership> {
  return api.patch(`membership/${id}/`, { body, parse: MembershipSchema.parse });
}
