import { agreementCodes, type AgreementCode, type Locale } from '@school/contract/enums';
import type { Agreement, SystemConfig } from '@school/contract/shell';
import type { StoredSystemConfig } from '../../db/schema.js';
import { localize } from '../../lib/localized-text.js';
import { createTtlCache, schoolSettingsTtlMs } from '../../lib/ttl-cache.js';
import type { Clock } from '../../providers/clock.js';
import type { SystemConfigRepository } from './system-config.repository.js';

/*
 * A tenant without a stored config (or with an older one missing keys) still gets a
 * complete answer: open, mobile-enabled, no features. An absent flag means off (docs/product.md#layout-load).
 */
const defaults: SystemConfig = {
  enabledFeatures: {},
  accessConfig: { enableWap: true, enableOpenAccess: true },
  headerNavMenuConfig: { logo: '' },
  wechatOfficialConfig: { enable: false },
  adminConfig: { port: null },
};

function toPublicConfig(stored: Partial<StoredSystemConfig> | null): SystemConfig {
  const s = stored ?? {};
  // Built field by field so server-only keys (blockedIps) can never leak into the answer.
  return {
    enabledFeatures: { ...defaults.enabledFeatures, ...s.enabledFeatures },
    accessConfig: { ...defaults.accessConfig, ...s.accessConfig },
    headerNavMenuConfig: { ...defaults.headerNavMenuConfig, ...s.headerNavMenuConfig },
    wechatOfficialConfig: { ...defaults.wechatOfficialConfig, ...s.wechatOfficialConfig },
    adminConfig: { ...defaults.adminConfig, ...s.adminConfig },
  };
}

const knownCodes: ReadonlySet<string> = new Set(agreementCodes);

export function createSystemConfigService(repository: SystemConfigRepository, clock: Clock) {
  // Read by every layout load and every WeChat sign-in check (lib/ttl-cache.ts).
  const configs = createTtlCache<number, SystemConfig>({ ttlMs: schoolSettingsTtlMs, clock });
  return {
    getConfig(tenantId: number): Promise<SystemConfig> {
      return configs.get(tenantId, async () => toPublicConfig(await repository.findConfig(tenantId)));
    },

    /** Drops kept configs after a change to a school's settings. */
    forget(): void {
      configs.clear();
    },

    async listAgreements(tenantId: number, locale: Locale): Promise<Agreement[]> {
      const rows = await repository.listAgreements(tenantId);
      return rows
        .filter((row) => knownCodes.has(row.code))
        .map((row) => ({
          code: row.code as AgreementCode,
          title: localize(row.title, locale),
          content: localize(row.content, locale),
        }));
    },
  };
}

export type SystemConfigService = ReturnType<typeof createSystemConfigService>;
