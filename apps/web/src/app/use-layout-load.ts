import type { SystemConfig, Tab, Tenant } from '@school/contract/shell';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { storageKeys } from '../config/storage-keys';
import { systemConfigQueryOptions } from '../features/shell/api/get-system-config';
import { tabsQueryOptions } from '../features/shell/api/get-tabs';
import { tenantQueryOptions } from '../features/shell/api/get-tenant';
import { setFavicon, setMetaDescription } from '../lib/document-head';
import { storage } from '../lib/storage';
import type { AccessConfigState } from './access-gate';

function stored<T>(key: string): T | undefined {
  return storage.get<T>(key) ?? undefined;
}

interface OrderedResult<T> {
  data: T | undefined;
  isFetched: boolean;
  isPlaceholderData: boolean;
  isError: boolean;
}

/** A query's answer as it may be used: until `previousSettled`, only what was stored before. */
function inOrder<T>(
  query: OrderedResult<T>,
  previousSettled: boolean,
  placeholder: () => T | undefined,
): OrderedResult<T> {
  if (previousSettled) return query;
  return { data: placeholder(), isFetched: false, isPlaceholderData: true, isError: false };
}

/**
 * docs/product.md#layout-load, in its order: the tenant, then the system config, then the tabs.
 * The three requests travel together (one round trip instead of three on a phone network:
 * decision record 005), and their results take effect in that order: the config only
 * once the tenant has settled, the tabs only once the config has. What an earlier visit stored
 * is shown meanwhile (placeholder data), so a returning learner sees no blank shell.
 */
export function useLayoutLoad() {
  const tenant = useQuery({ ...tenantQueryOptions(), placeholderData: () => stored<Tenant>(storageKeys.tenant) });
  const configQuery = useQuery({
    ...systemConfigQueryOptions(),
    placeholderData: () => stored<SystemConfig>(storageKeys.systemConfig),
  });
  const tabsQuery = useQuery({
    ...tabsQueryOptions(),
    placeholderData: () => stored<Tab[]>(storageKeys.tabs),
  });
  const config = inOrder(configQuery, tenant.isFetched, () => stored<SystemConfig>(storageKeys.systemConfig));
  const tabs = inOrder(tabsQuery, config.isFetched, () => stored<Tab[]>(storageKeys.tabs));

  const fetchedTenant = tenant.isPlaceholderData ? undefined : tenant.data;
  useEffect(() => {
    if (!fetchedTenant) return;
    // Stored whatever the status; the head is only decorated for a running school.
    storage.set(storageKeys.tenant, fetchedTenant);
  }, [fetchedTenant]);

  const runningTenant = tenant.data?.status === 'RUNNING' ? tenant.data : undefined;
  useEffect(() => {
    if (!runningTenant) return;
    setMetaDescription(runningTenant.slogan);
    setFavicon(runningTenant.favicon);
  }, [runningTenant]);

  const fetchedConfig = config.isPlaceholderData ? undefined : config.data;
  useEffect(() => {
    if (fetchedConfig) storage.set(storageKeys.systemConfig, fetchedConfig);
  }, [fetchedConfig]);

  const fetchedTabs = tabs.isPlaceholderData ? undefined : tabs.data;
  useEffect(() => {
    if (!fetchedTabs) return;
    storage.set(storageKeys.tabs, fetchedTabs);
    const first = fetchedTabs[0];
    if (first) storage.set(storageKeys.homepage, first);
    else storage.remove(storageKeys.homepage);
    if (first?.type === 'MICRO_PAGE' && first.microPage)
      storage.set(storageKeys.homepageMicroPageId, first.microPage.id);
    else storage.remove(storageKeys.homepageMicroPageId);
  }, [fetchedTabs]);

  const access: AccessConfigState = config.data?.accessConfig
    ? { status: 'loaded', access: config.data.accessConfig }
    : config.isError
      ? { status: 'failed' }
      : { status: 'pending' };

  return {
    tenantName: runningTenant?.name ?? null,
    /** The school as it presents itself (title, slogan, favicon), once it is known to be running. */
    tenant: runningTenant ?? null,
    wechatOfficialEnabled: config.data?.wechatOfficialConfig.enable ?? false,
    access,
    tabs: tabs.data ?? [],
    /** True once the tabs come from the server (not from storage): safe to redirect on. */
    tabsAreFresh: fetchedTabs !== undefined,
  };
}
