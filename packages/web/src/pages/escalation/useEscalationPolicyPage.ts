import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EscalationPolicy } from '@vigil/contracts';
import { useDeferredValue, useMemo, useState } from 'react';
import { ApiError, errorMessageOf } from '../../api/api-error';
import { escalationKeys, escalationPolicyQuery, saveEscalationPolicy } from '../../api/escalation';
import { siteQuery } from '../../api/sites';
import { assignedUsersQuery } from '../../api/users';
import { useNotice } from '../../hooks/useNotice';
import { bodyOf, draftOf, draftProblems, type EscalationDraft } from './escalation-draft';

export const ESCALATION_SAVED = 'Escalation policy saved';
export const ESCALATION_SAVE_FAILED = 'The escalation policy could not be saved. Please try again.';

/** The escalation policy page: the site, the policy, the editor's draft, the people to choose from, saving. */
export function useEscalationPolicyPage(siteId: number) {
  const site = useQuery({ ...siteQuery(siteId), enabled: siteId > 0 });
  const policy = useQuery({ ...escalationPolicyQuery(siteId), enabled: siteId > 0 });
  const [edited, setDraft] = useState<EscalationDraft | null>(null);
  const draft = edited ?? (policy.data === undefined ? null : draftOf(policy.data));
  const [showProblems, setShowProblems] = useState(false);
  const { notice, show } = useNotice();
  const queryClient = useQueryClient();
  const people = usePeople(site.data?.client, siteId, policy.data);

  const save = useMutation({
    mutationFn: (value: EscalationDraft) => saveEscalationPolicy(siteId, bodyOf(value)),
    onSuccess: (saved) => {
      queryClient.setQueryData(escalationKeys.policy(siteId), saved);
      setDraft(null);
      setShowProblems(false);
      show(ESCALATION_SAVED);
    },
    onError: (error) => {
      const messages = error instanceof ApiError ? Object.values(error.fields).flat() : [];
      show(errorMessageOf(error, ESCALATION_SAVE_FAILED), 'error', {
        description: messages.length > 1 ? messages.join(' ') : undefined,
      });
    },
  });

  const problems = draft === null ? [] : draftProblems(draft);
  return {
    site,
    policy,
    draft,
    change: (next: EscalationDraft) => setDraft(next),
    problems: showProblems ? problems : [],
    people,
    notice,
    save,
    submit: () => {
      if (draft === null) {
        return;
      }
      if (problems.length > 0) {
        setShowProblems(true);
        return;
      }
      save.mutate(draft);
    },
    reset: () => {
      setDraft(null);
      setShowProblems(false);
    },
  };
}

/**
 * The people an editor may name: the client's users with access to the site (searched on the server as the
 * editor types, 20 at a time), plus those the policy names already, so their names show.
 */
function usePeople(clientId: number | undefined, siteId: number, policy: EscalationPolicy | undefined) {
  const [search, setSearch] = useState('');
  const filter = useDeferredValue(search);
  const canEdit = policy?.can_edit === true;
  const found = useQuery({
    ...assignedUsersQuery(clientId ?? 0, { siteId, filter, offset: 0 }),
    enabled: clientId !== undefined && canEdit,
    placeholderData: keepPreviousData,
  });
  const [known, setKnown] = useState(new Map<number, string>());
  const labels = useMemo(() => {
    const map = new Map(known);
    for (const level of policy?.levels ?? []) {
      for (const user of level.users) {
        map.set(user.id, `${user.full_name} (${user.email})`);
      }
    }
    for (const user of found.data?.results ?? []) {
      if (user.location_membership?.has_access === true || user.is_accounts_management) {
        map.set(user.id, `${user.full_name || user.email} (${user.email})`);
      }
    }
    return map;
  }, [known, policy, found.data]);
  const options = (found.data?.results ?? [])
    .filter((user) => user.location_membership?.has_access === true || user.is_accounts_management)
    .map((user) => ({ value: user.id, label: labels.get(user.id) ?? user.email }));
  return {
    options,
    labelOf: (id: number) => labels.get(id) ?? `Person ${id}`,
    isSearching: found.isFetching,
    search: setSearch,
    /** Keeps the names of chosen people once the search moves on. */
    remember: (ids: readonly number[]) =>
      setKnown((previous) => {
        const next = new Map(previous);
        for (const id of ids) {
          const label = labels.get(id);
          if (label !== undefined) {
            next.set(id, label);
          }
        }
        return next;
      }),
  };
}
