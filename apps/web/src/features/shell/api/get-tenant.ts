import { apiPaths } from '@school/contract/paths';
import type { Tenant } from '@school/contract/shell';
import { queryOptions } from '@tanstack/react-query';
import { appConfig } from '../../../config/app-config';
import { apiClient } from '../../../lib/api-client';
import { shellKeys } from './shell-keys';

export function getTenant(signal?: AbortSignal): Promise<Tenant> {
  return apiClient.get<Tenant>(apiPaths.tenantCurrent, { signal });
}

export function tenantQueryOptions() {
  return queryOptions({
    queryKey: shellKeys.tenant(),
    queryFn: ({ signal }) => getTenant(signal),
    staleTime: appConfig.shellStaleTimeMs,
  });
}
