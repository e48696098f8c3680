import { apiPaths } from '@school/contract/paths';
import type { MicroPage } from '@school/contract/shell';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { microPageKeys } from './micro-page-keys';

export function getMicroPage(id: number, signal?: AbortSignal): Promise<MicroPage> {
  return apiClient.get<MicroPage>(apiPaths.microPage(id), { signal });
}

export function microPageQueryOptions(id: number) {
  return queryOptions({
    queryKey: microPageKeys.detail(id),
    queryFn: ({ signal }) => getMicroPage(id, signal),
    // Decorations change when an admin publishes; a minute of reuse keeps tab switches instant.
    staleTime: 60_000,
  });
}

export function useMicroPage(id: number | null) {
  return useQuery({ ...microPageQueryOptions(id ?? 0), enabled: id !== null && id > 0 });
}
