import { createWriteStream } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import path from 'node:path';
import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/database.js';
import {
  agreements,
  categories,
  microPages,
  notificationSettings,
  paymentSettings,
  systemConfigs,
  tabs,
  tags,
  teachers,
  tenantHosts,
  tenants,
} from '../db/schema.js';
import type { PackCategoryNode, PackSchool } from './pack-schema.js';
import type { MediaStorage } from '../providers/storage/media-storage.js';
import { exportClassroomsArticlesCoupons } from './export-classrooms.js';
import { exportCourses } from './export-courses.js';
import { exportExams } from './export-exams.js';
import { parseImageUrl } from './pack-images.js';
import { componentFromStored, fromLocalized, yaml } from './pack-text.js';

/*
 * Writes a school back as a pack: the files `readPack` reads, each key in the order the format
 * documents, so an exported pack reads like a written one and a round trip gives the same text.
 */

/** The pack's files: path inside the pack → YAML text. */
export type PackFiles = Map<string, string>;

/** A school as a pack: its YAML texts, and its media files (path inside the pack → storage key). */
export interface ExportedPack {
  files: PackFiles;
  media: Map<string, string>;
}

/** The school a host names: its own, or the default one (as the app answers it). */
export async function schoolOfHost(db: Db, host: string): Promise<number | null> {
  const [own] = await db.select({ id: tenantHosts.tenantId }).from(tenantHosts).where(eq(tenantHosts.host, host));
  if (own) return own.id;
  const [fallback] = await db.select({ id: tenants.id }).from(tenants).where(eq(tenants.isDefault, true));
  return fallback?.id ?? null;
}

export async function exportPack(db: Db, tenantId: number): Promise<ExportedPack> {
  const files: PackFiles = new Map();
  const media = new Map<string, string>();
  const [tenant] = await db.select().from(tenants).where(eq(tenants.id, tenantId));
  if (!tenant) throw new Error(`no school ${tenantId}`);
  const hosts = await db
    .select({ host: tenantHosts.host })
    .from(tenantHosts)
    .where(eq(tenantHosts.tenantId, tenantId))
    .orderBy(asc(tenantHosts.seq), asc(tenantHosts.host));
  const [config] = await db.select().from(systemConfigs).where(eq(systemConfigs.tenantId, tenantId));
  const [payment] = await db.select().from(paymentSettings).where(eq(paymentSettings.tenantId, tenantId));
  const [notifying] = await db.select().from(notificationSettings).where(eq(notificationSettings.tenantId, tenantId));
  const agreementRows = await db
    .select()
    .from(agreements)
    .where(eq(agreements.tenantId, tenantId))
    .orderBy(asc(agreements.seq));
  const pageRows = await db
    .select()
    .from(microPages)
    .where(and(eq(microPages.tenantId, tenantId), isNotNull(microPages.uid)))
    .orderBy(asc(microPages.id));
  const tabRows = await db.select().from(tabs).where(eq(tabs.tenantId, tenantId)).orderBy(asc(tabs.seq));
  const pageUid = new Map(pageRows.map((page) => [page.id, page.uid!]));
  const stored = config?.config;

  const school: PackSchool = {
    name: fromLocalized(tenant.name),
    slogan: fromLocalized(tenant.slogan),
    favicon: tenant.favicon,
    hosts: hosts.map((h) => h.host),
    default: tenant.isDefault,
    languages: ['cn', 'en'],
    currency: tenant.currency,
    status: tenant.status,
    features: {
      search: stored?.enabledFeatures.search ?? true,
      articles: stored?.enabledFeatures.articles ?? true,
      courseComments: stored?.enabledFeatures.courseComments ?? true,
    },
    access: {
      mobile: stored?.accessConfig.enableWap ?? true,
      openAccess: stored?.accessConfig.enableOpenAccess ?? true,
      blockedIps: stored?.blockedIps ?? [],
    },
    ...(stored && stored.headerNavMenuConfig.logo !== tenant.favicon ? { logo: stored.headerNavMenuConfig.logo } : {}),
    wechatOfficialAccount: { enabled: stored?.wechatOfficialConfig.enable ?? false },
    adminPort: stored?.adminConfig.port ?? null,
    payment: {
      methods: payment?.methods ?? ['WECHAT', 'ALIPAY'],
      minutesToPay: payment?.orderTimeoutMinutes ?? 30,
      refundDays: payment?.refundDays ?? 7,
      partialRefunds: payment?.partialRefunds ?? false,
    },
    // Written only when set: a school without templates keeps its pack as it was.
    ...(notifying && Object.keys(notifying.wechatTemplates).length > 0
      ? { notifications: { wechatTemplates: notifying.wechatTemplates } }
      : {}),
    agreements: Object.fromEntries(
      agreementRows.map((row) => [row.code, { title: fromLocalized(row.title), content: fromLocalized(row.content) }]),
    ),
    pages: Object.fromEntries(
      pageRows.map((page) => [
        page.uid!,
        { title: fromLocalized(page.title), components: componentFromStored(page.components) as never },
      ]),
    ),
    tabs: tabRows.map((tab) => ({
      type: tab.type as PackSchool['tabs'][number]['type'],
      name: fromLocalized(tab.name),
      icon: tab.defaultIconUrl,
      activeIcon: tab.activeIconUrl,
      ...(tab.microPageId !== null && pageUid.has(tab.microPageId) ? { page: pageUid.get(tab.microPageId)! } : {}),
      ...(tab.url === null ? {} : { url: tab.url }),
      ...(tab.textActiveColor === null ? {} : { activeColor: tab.textActiveColor }),
    })),
  };
  files.set('school.yaml', yaml(school));

  const categoryRows = await db
    .select()
    .from(categories)
    .where(and(eq(categories.tenantId, tenantId), isNotNull(categories.uid)))
    .orderBy(asc(categories.seq), asc(categories.id));
  const tree = (type: 'COURSE' | 'PROJECT', parentId: number | null): PackCategoryNode[] =>
    categoryRows
      .filter((row) => row.type === type && row.parentId === parentId)
      .map((row) => {
        const children = tree(type, row.id);
        return { uid: row.uid!, name: fromLocalized(row.name), ...(children.length > 0 ? { children } : {}) };
      });
  files.set('categories.yaml', yaml({ courses: tree('COURSE', null), classrooms: tree('PROJECT', null) }));

  const tagRows = await db
    .select()
    .from(tags)
    .where(and(eq(tags.tenantId, tenantId), isNotNull(tags.uid)))
    .orderBy(asc(tags.seq), asc(tags.id));
  files.set('tags.yaml', yaml(tagRows.map((tag) => ({ uid: tag.uid!, name: fromLocalized(tag.name) }))));

  const teacherRows = await db
    .select()
    .from(teachers)
    .where(and(eq(teachers.tenantId, tenantId), isNotNull(teachers.uid)));
  for (const teacher of teacherRows) {
    files.set(
      `teachers/${teacher.uid}.yaml`,
      yaml({
        name: fromLocalized(teacher.name),
        title: fromLocalized(teacher.title),
        ...(teacher.introduction.cn === '' && teacher.introduction.en === ''
          ? {}
          : { introduction: fromLocalized(teacher.introduction) }),
        ...(teacher.avatar === null ? {} : { avatar: teacher.avatar }),
      }),
    );
  }
  await exportCourses(db, tenantId, files, media);
  await exportExams(db, tenantId, files);
  await exportClassroomsArticlesCoupons(db, tenantId, files);
  relinkImages(files, media);
  return { files, media };
}

/**
 * Each stored picture's address in the texts becomes its file again, named relative to the text
 * that shows it, and joins the files to write (pack-images.ts).
 */
function relinkImages(files: PackFiles, media: Map<string, string>): void {
  for (const [file, text] of files) {
    const relinked = text.replace(/\/api\/images\/[0-9a-f]{64}\.[a-z]+\/\S+/g, (url) => {
      const stored = parseImageUrl(url)!;
      const packPath = stored.packPath.split('/').map(decodeURIComponent).join('/');
      media.set(packPath, `pack/${stored.name}`);
      return path.posix.relative(path.posix.dirname(file), packPath);
    });
    files.set(file, relinked);
  }
}

/** Writes the files under `folder` (made when missing); files already there and not in the pack stay. */
export async function writePackFiles(folder: string, files: PackFiles): Promise<void> {
  for (const [file, text] of files) {
    const target = path.join(folder, ...file.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await writeFile(target, text);
  }
}

/** Writes a pack: its texts, and its media streamed from the storage. */
export async function writePack(folder: string, pack: ExportedPack, storage: MediaStorage): Promise<void> {
  await writePackFiles(folder, pack.files);
  for (const [file, key] of pack.media) {
    const bytes = await storage.read(key);
    if (bytes === null) throw new Error(`the media storage has no ${key} (${file})`);
    const target = path.join(folder, ...file.split('/'));
    await mkdir(path.dirname(target), { recursive: true });
    await pipeline(bytes, createWriteStream(target));
  }
}
