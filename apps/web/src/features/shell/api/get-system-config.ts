import { apiPaths } from '@school/contract/paths';
import type { SystemConfig } from '@school/contract/shell';
import { queryOptions } from '@tanstack/react-query';
import { appConfig } from '../../../config/app-config';
import { apiClient } from '../../../lib/api-client';
import { shellKeys } from './shell-keys';

export function getSystemConfig(signal?: AbortSignal): Promise<SystemConfig> {
  return apiClient.get<SystemConfig>(apiPaths.systemConfig, { signal });
}

export function systemConfigQueryOptions() {
  return queryOptions({
    queryKey: shellKeys.systemConfig(),
    queryFn: ({ signal }) => getSystemConfig(signal),
    staleTime: appConfig.shellStaleTimeMs,
  });
}
