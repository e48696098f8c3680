import { apiPaths } from '@school/contract/paths';
import type { Tab, TabList } from '@school/contract/shell';
import { queryOptions } from '@tanstack/react-query';
import { appConfig } from '../../../config/app-config';
import { apiClient } from '../../../lib/api-client';
import { shellKeys } from './shell-keys';

export async function getTabs(signal?: AbortSignal): Promise<Tab[]> {
  const list = await apiClient.get<TabList>(apiPaths.tabs, { signal });
  return list.items;
}

export function tabsQueryOptions() {
  return queryOptions({
    queryKey: shellKeys.tabs(),
    queryFn: ({ signal }) => getTabs(signal),
    staleTime: appConfig.shellStaleTimeMs,
  });
}
