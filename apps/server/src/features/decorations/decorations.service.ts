import type { Locale } from '@school/contract/enums';
import { microPageComponentSchema, type MicroPage, type MicroPageComponent, type Tab } from '@school/contract/shell';
import { AppError } from '../../lib/app-error.js';
import { localize, localizeDeep } from '../../lib/localized-text.js';
import { createTtlCache, schoolSettingsTtlMs } from '../../lib/ttl-cache.js';
import type { Clock } from '../../providers/clock.js';
import type { DecorationsRepository } from './decorations.repository.js';

type TabRows = Awaited<ReturnType<DecorationsRepository['listTabs']>>;
type PageRow = Awaited<ReturnType<DecorationsRepository['findPage']>>;

// Ids are int4 in the database; a larger number cannot name a page (and must not reach SQL).
const maxId = 2_147_483_647;

export function createDecorationsService(
  repository: DecorationsRepository,
  log: { warn(obj: object, msg: string): void },
  clock: Clock,
) {
  // The tab bar and micro pages of every school's first screens, kept a few seconds (lib/ttl-cache.ts).
  const tabRows = createTtlCache<number, TabRows>({ ttlMs: schoolSettingsTtlMs, clock });
  const pageRows = createTtlCache<string, PageRow>({ ttlMs: schoolSettingsTtlMs, clock });
  return {
    async listTabs(tenantId: number, locale: Locale): Promise<Tab[]> {
      const rows = await tabRows.get(tenantId, () => repository.listTabs(tenantId));
      return rows.map((row) => ({
        id: row.id,
        type: row.type,
        name: localize(row.name, locale),
        defaultIconUrl: row.defaultIconUrl,
        activeIconUrl: row.activeIconUrl,
        url: row.url,
        targetId: row.targetId,
        microPage: row.microPageId === null ? null : { id: row.microPageId },
        textActiveColor: row.textActiveColor,
      }));
    },

    async getPage(tenantId: number, id: number, locale: Locale): Promise<MicroPage> {
      // Another school's page answers exactly like a page that does not exist.
      const row = id > maxId ? null : await pageRows.get(`${tenantId} ${id}`, () => repository.findPage(tenantId, id));
      if (row === null) throw new AppError('pageNotFound');
      const components: MicroPageComponent[] = [];
      for (const stored of row.components) {
        // A component this server version cannot describe is left out rather than failing
        // the whole page: clients already skip kinds they do not know.
        const parsed = microPageComponentSchema.safeParse(localizeDeep(stored, locale));
        if (parsed.success) components.push(parsed.data);
        else log.warn({ pageId: id, tenantId }, 'micro page component does not match the contract; left out');
      }
      return { id: row.id, title: localize(row.title, locale), components };
    },

    /** Drops kept tabs and pages after a change to a school's decorations. */
    forget(): void {
      tabRows.clear();
      pageRows.clear();
    },
  };
}

export type DecorationsService = ReturnType<typeof createDecorationsService>;
