import type { DevSystemConfigPatch, DevSystemConfigResult } from '@school/contract/dev';
import type { StoredSystemConfig } from '../../db/schema.js';
import type { DevRepository } from './dev.repository.js';

const emptyConfig: StoredSystemConfig = {
  enabledFeatures: {},
  accessConfig: { enableWap: true, enableOpenAccess: true },
  headerNavMenuConfig: { logo: '' },
  wechatOfficialConfig: { enable: false },
  adminConfig: { port: null },
  blockedIps: [],
};

export interface DevServiceHooks {
  /** Tenant answers are cached per host; a change here must be seen by the next request. */
  onTenantChanged(): void;
}

export function createDevService(repository: DevRepository, hooks: DevServiceHooks) {
  return {
    /** Merges the patch into the school of the request's host, and no other. */
    async patchTenant(tenantId: number, patch: DevSystemConfigPatch): Promise<DevSystemConfigResult> {
      const next = await repository.updateTenantSettings(tenantId, ({ config, status }) => {
        const current = { ...emptyConfig, ...config };
        return {
          status: patch.tenantStatus ?? status,
          config: {
            ...current,
            accessConfig: { ...current.accessConfig, ...stripUndefined(patch.accessConfig) },
            wechatOfficialConfig: { ...current.wechatOfficialConfig, ...stripUndefined(patch.wechatOfficialConfig) },
            enabledFeatures: { ...current.enabledFeatures, ...patch.enabledFeatures },
            blockedIps: patch.blockedIps ?? current.blockedIps,
          },
        };
      });
      hooks.onTenantChanged();
      const { blockedIps, ...systemConfig } = next.config;
      return { systemConfig, blockedIps, tenantStatus: next.status };
    },

    async expireSessionsOf(tenantId: number, userId: number): Promise<void> {
      await repository.deleteUserSessions(tenantId, userId);
    },
  };
}

// `{ enableWap: undefined }` must leave the stored flag alone, not erase it.
function stripUndefined<T extends object>(value: T | undefined): Partial<T> {
  if (value === undefined) return {};
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export type DevService = ReturnType<typeof createDevService>;
