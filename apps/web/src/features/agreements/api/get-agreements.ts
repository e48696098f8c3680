import { apiPaths } from '@school/contract/paths';
import type { Agreement, AgreementList } from '@school/contract/shell';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { agreementKeys } from './agreement-keys';

export async function getAgreements(signal?: AbortSignal): Promise<Agreement[]> {
  const list = await apiClient.get<AgreementList>(apiPaths.agreements, { signal });
  return list.items;
}

export function agreementsQueryOptions() {
  return queryOptions({
    queryKey: agreementKeys.list(),
    queryFn: ({ signal }) => getAgreements(signal),
    staleTime: 10 * 60_000,
  });
}

export function useAgreements() {
  return useQuery(agreementsQueryOptions());
}
