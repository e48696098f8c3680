import type { SystemConfig } from '@school/contract/shell';
import { useQuery } from '@tanstack/react-query';
import { storageKeys } from '../config/storage-keys';
import { systemConfigQueryOptions } from '../features/shell/api/get-system-config';
import { storage } from '../lib/storage';

/** The school's settings as the layout load left them (or as stored at the last visit); never fetches. */
export function useSystemConfigSnapshot(): SystemConfig | null {
  const config = useQuery({ ...systemConfigQueryOptions(), enabled: false });
  return config.data ?? storage.get<SystemConfig>(storageKeys.systemConfig);
}
