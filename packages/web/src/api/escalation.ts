import { queryOptions } from '@tanstack/react-query';
import { type EscalationPolicy, type EscalationPolicyBody, EscalationPolicySchema } from '@vigil/contracts';
import { api } from './client';

/** Query keys of a site's escalation policy (issue 27, docs/escalation.md). */
export const escalationKeys = {
  policy: (siteId: number) => ['escalation-policy', siteId] as const,
};

export function escalationPolicyQuery(siteId: number) {
  return queryOptions({
    queryKey: escalationKeys.policy(siteId),
    queryFn: ({ signal }) => getEscalationPolicy(siteId, signal),
  });
}

/** GET locations/{id}/escalation-policy/: every reader of the site. */
export function getEscalationPolicy(siteId: number, signal?: AbortSignal): Promise<EscalationPolicy> {
  return api.get(`locations/${siteId}/escalation-policy/`, { parse: EscalationPolicySchema.parse, signal });
}

/** PUT locations/{id}/escalation-policy/: the site's managers, accounts management and staff. */
export function saveEscalationPolicy(siteId: number, body: EscalationPolicyBody): Promise<EscalationPolicy> {
  return api.put(`locations/${siteId}/escalation-policy/`, { body, parse: EscalationPolicySchema.parse });
}
