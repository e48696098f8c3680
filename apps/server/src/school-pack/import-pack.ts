import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
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
  type StoredSystemConfig,
} from '../db/schema.js';
import type { PackCategoryNode } from './pack-schema.js';
import { componentToStored, richText, toLocalized } from './pack-text.js';
import type { MediaStorage } from '../providers/storage/media-storage.js';
import { importClassroomsArticlesCoupons } from './import-classrooms.js';
import { importCourses, storeCourseMedia } from './import-courses.js';
import { importExams, importHomework, linkRequiredCourses } from './import-exams.js';
import type { PackProblem, SchoolPack } from './read-pack.js';
import { imageUrl, packImageMarker, withImages } from './pack-images.js';
import { createMediaStore, type MediaProgress } from './store-media.js';
import { addCounts, canonical, noChange, syncByUid, type ImportCounts } from './sync-rows.js';

/*
 * Writes a checked pack into the database in one transaction: the school is found by its host
 * names and created or updated in place; every thing the pack names by uid is created, updated
 * when it differs, or removed when the pack no longer has it. Importing the same pack again
 * changes no row.
 */

export interface ImportSummary {
  tenantId: number;
  school: 'created' | 'updated' | 'unchanged';
  /**
   * Per kind of thing: agreements, pages, teachers, categories, tags, exams, papers, courses,
   * chapters, lessons, materials, homework, classrooms, articles, coupons.
   */
  counts: Record<string, ImportCounts>;
  /** Distinct media files of the pack, and those uploaded (the storage lacked them). */
  media: { files: number; uploaded: number; uploadedBytes: number };
}

/** A problem only the database can see (a host or the default place taken by another school). */
export class PackConflict extends Error {
  constructor(readonly problems: PackProblem[]) {
    super(problems.map((p) => p.message).join('; '));
  }
}

/** Parents before children, each with its level and place among its siblings. */
function flattenCategories(nodes: PackCategoryNode[], parent: string | null = null, level = 0) {
  const flat: { node: PackCategoryNode; parent: string | null; level: number; seq: number }[] = [];
  nodes.forEach((node, index) => flat.push({ node, parent, level, seq: index + 1 }));
  for (const node of nodes) flat.push(...flattenCategories(node.children ?? [], node.uid, level + 1));
  return flat;
}

/** The school the pack's hosts name, or null for a new one; a conflict when they name several. */
async function findSchool(tx: Db, pack: SchoolPack): Promise<number | null> {
  const { hosts } = pack.school;
  const owners = await tx
    .selectDistinct({ tenantId: tenantHosts.tenantId })
    .from(tenantHosts)
    .where(inArray(tenantHosts.host, hosts));
  if (owners.length > 1) {
    throw new PackConflict([
      {
        file: 'school.yaml',
        line: 1,
        column: 1,
        message: `the hosts ${hosts.join(', ')} belong to ${owners.length} schools`,
      },
    ]);
  }
  const tenantId = owners[0]?.tenantId ?? null;
  if (pack.school.default) {
    const [other] = await tx
      .select({ id: tenants.id })
      .from(tenants)
      .where(and(eq(tenants.isDefault, true), tenantId === null ? sql`true` : sql`${tenants.id} <> ${tenantId}`));
    if (other) {
      throw new PackConflict([
        {
          file: 'school.yaml',
          line: 1,
          column: 1,
          message: 'another school of this database is already the default one',
        },
      ]);
    }
  }
  return tenantId;
}

export interface ImportOptions {
  /** Where media files go; null (a dry run) hashes and measures them without storing. */
  storage: MediaStorage | null;
  progress?: MediaProgress;
}

export async function importPack(db: Db, read: SchoolPack, options: ImportOptions): Promise<ImportSummary> {
  // Files are stored and measured first, outside the transaction: no lock is held while a video
  // uploads, and a file stored for an import that then fails is only an unused object.
  const media = createMediaStore(options.storage, options.progress);
  // Pictures too: the school's rows then hold their public addresses.
  const imageUrls = new Map<string, string>();
  for (const ref of read.images) {
    imageUrls.set(packImageMarker + ref.packPath, imageUrl((await media.store(ref)).key, ref.packPath));
  }
  const pack = withImages(read, (image) => imageUrls.get(image) ?? image);
  const stored = await storeCourseMedia(pack.courses, media);
  return db.transaction(async (tx) => {
    const { school } = pack;
    const counts: Record<string, ImportCounts> = {};

    const tenantValues = {
      name: toLocalized(school.name),
      slogan: toLocalized(school.slogan),
      favicon: school.favicon,
      status: school.status,
      currency: school.currency,
      isDefault: school.default,
    };
    let tenantId = await findSchool(tx, pack);
    let schoolChange: ImportSummary['school'] = 'unchanged';
    if (tenantId === null) {
      const [made] = await tx.insert(tenants).values(tenantValues).returning({ id: tenants.id });
      tenantId = made!.id;
      schoolChange = 'created';
    } else {
      const [old] = await tx.select().from(tenants).where(eq(tenants.id, tenantId));
      if (
        Object.entries(tenantValues).some(
          ([key, value]) => canonical(value) !== canonical(old![key as keyof typeof old]),
        )
      ) {
        await tx
          .update(tenants)
          .set({ ...tenantValues, updatedAt: new Date() })
          .where(eq(tenants.id, tenantId));
        schoolChange = 'updated';
      }
    }
    const id = tenantId;
    const changed = () => {
      if (schoolChange === 'unchanged') schoolChange = 'updated';
    };

    // Hosts: the pack's list in its order, no more.
    const oldHosts = await tx
      .select({ host: tenantHosts.host })
      .from(tenantHosts)
      .where(eq(tenantHosts.tenantId, id))
      .orderBy(tenantHosts.seq);
    if (canonical(oldHosts.map((h) => h.host)) !== canonical(school.hosts)) {
      await tx.delete(tenantHosts).where(eq(tenantHosts.tenantId, id));
      await tx.insert(tenantHosts).values(school.hosts.map((host, seq) => ({ host, tenantId: id, seq })));
      changed();
    }

    const config: StoredSystemConfig = {
      enabledFeatures: { ...school.features },
      accessConfig: { enableWap: school.access.mobile, enableOpenAccess: school.access.openAccess },
      headerNavMenuConfig: { logo: school.logo ?? school.favicon },
      wechatOfficialConfig: { enable: school.wechatOfficialAccount.enabled },
      adminConfig: { port: school.adminPort },
      blockedIps: school.access.blockedIps,
    };
    const [oldConfig] = await tx.select().from(systemConfigs).where(eq(systemConfigs.tenantId, id));
    if (oldConfig === undefined || canonical(oldConfig.config) !== canonical(config)) {
      await tx
        .insert(systemConfigs)
        .values({ tenantId: id, config })
        .onConflictDoUpdate({ target: systemConfigs.tenantId, set: { config, updatedAt: new Date() } });
      changed();
    }

    const payment = {
      methods: school.payment.methods,
      orderTimeoutMinutes: school.payment.minutesToPay,
      refundDays: school.payment.refundDays,
      partialRefunds: school.payment.partialRefunds,
    };
    const [oldPayment] = await tx.select().from(paymentSettings).where(eq(paymentSettings.tenantId, id));
    if (
      oldPayment === undefined ||
      canonical({ ...oldPayment, tenantId: undefined }) !== canonical({ ...payment, tenantId: undefined })
    ) {
      await tx
        .insert(paymentSettings)
        .values({ tenantId: id, ...payment })
        .onConflictDoUpdate({ target: paymentSettings.tenantId, set: payment });
      changed();
    }

    const wechatTemplates = school.notifications?.wechatTemplates ?? {};
    const [oldNotifications] = await tx
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.tenantId, id));
    if (canonical(oldNotifications?.wechatTemplates ?? {}) !== canonical(wechatTemplates)) {
      await tx
        .insert(notificationSettings)
        .values({ tenantId: id, wechatTemplates })
        .onConflictDoUpdate({ target: notificationSettings.tenantId, set: { wechatTemplates } });
      changed();
    }

    counts.agreements = await syncAgreements(tx, id, school.agreements);

    const textKeys = new Set(['alt', 'placeholder', 'label', 'html', 'title']);
    const pages = await syncByUid(
      tx,
      microPages,
      eq(microPages.tenantId, id),
      Object.entries(school.pages).map(([uid, page]) => ({
        uid,
        values: () => ({
          tenantId: id,
          title: toLocalized(page.title),
          components: page.components.map((component) =>
            component.kind === 'richText'
              ? { ...component, html: richText(component.html) }
              : componentToStored(component, textKeys),
          ),
        }),
      })),
    );
    counts.pages = pages.counts;

    // Tabs hold nothing of a learner's: the pack's list replaces them when it differs.
    const tabRows = school.tabs.map((tab, index) => ({
      tenantId: id,
      seq: index + 1,
      type: tab.type,
      name: toLocalized(tab.name),
      defaultIconUrl: tab.icon,
      activeIconUrl: tab.activeIcon,
      url: tab.url ?? null,
      targetId: null,
      microPageId: tab.page === undefined ? null : pages.ids.get(tab.page)!,
      textActiveColor: tab.activeColor ?? null,
    }));
    const oldTabs = await tx.select().from(tabs).where(eq(tabs.tenantId, id)).orderBy(tabs.seq);
    if (canonical(oldTabs.map(({ id: _id, ...tab }) => tab)) !== canonical(tabRows)) {
      await tx.delete(tabs).where(eq(tabs.tenantId, id));
      await tx.insert(tabs).values(tabRows);
      changed();
    }

    const teacherSync = await syncByUid(
      tx,
      teachers,
      eq(teachers.tenantId, id),
      pack.teachers.map((teacher) => ({
        uid: teacher.uid,
        values: () => ({
          tenantId: id,
          name: toLocalized(teacher.name),
          title: toLocalized(teacher.title),
          introduction: teacher.introduction === undefined ? { cn: '', en: '' } : toLocalized(teacher.introduction),
          avatar: teacher.avatar ?? null,
        }),
      })),
    );
    counts.teachers = teacherSync.counts;

    counts.categories = noChange();
    const categoryIds = { COURSE: new Map<string, number>(), PROJECT: new Map<string, number>() };
    for (const [tree, type] of [
      ['courses', 'COURSE'],
      ['classrooms', 'PROJECT'],
    ] as const) {
      const synced = await syncByUid(
        tx,
        categories,
        and(eq(categories.tenantId, id), eq(categories.type, type))!,
        flattenCategories(pack.categories[tree]).map(({ node, parent, level, seq }) => ({
          uid: node.uid,
          values: (ids) => ({
            tenantId: id,
            type,
            parentId: parent === null ? null : ids.get(parent)!,
            level,
            seq,
            name: toLocalized(node.name),
          }),
        })),
      );
      addCounts(counts.categories, synced.counts);
      categoryIds[type] = synced.ids;
    }

    const tagSync = await syncByUid(
      tx,
      tags,
      eq(tags.tenantId, id),
      pack.tags.map((tag, seq) => ({
        uid: tag.uid,
        values: () => ({ tenantId: id, seq, name: toLocalized(tag.name) }),
      })),
    );
    counts.tags = tagSync.counts;

    const examImport = await importExams(tx, id, pack.exams, teacherSync.ids);
    Object.assign(counts, examImport.counts);
    Object.assign(
      counts,
      await importCourses(tx, id, pack, stored, {
        categories: categoryIds.COURSE,
        tags: tagSync.ids,
        teachers: teacherSync.ids,
        exams: examImport.ids,
      }),
    );
    await linkRequiredCourses(tx, id, pack.exams, examImport);
    counts.homework = await importHomework(tx, id, pack.courses, examImport.counts.papers);
    Object.assign(
      counts,
      await importClassroomsArticlesCoupons(tx, id, pack, {
        categories: categoryIds.PROJECT,
        teachers: teacherSync.ids,
      }),
    );

    return { tenantId: id, school: schoolChange, counts, media: { ...media.counts } };
  });
}

async function syncAgreements(
  tx: Db,
  tenantId: number,
  pack: SchoolPack['school']['agreements'],
): Promise<ImportCounts> {
  const counts = noChange();
  const old = await tx.select().from(agreements).where(eq(agreements.tenantId, tenantId));
  const codes = Object.keys(pack);
  let seq = 0;
  for (const [code, agreement] of Object.entries(pack)) {
    if (agreement === undefined) continue;
    const values = { seq: seq++, title: toLocalized(agreement.title), content: richText(agreement.content) };
    const before = old.find((row) => row.code === code);
    if (before === undefined) {
      await tx.insert(agreements).values({ tenantId, code, ...values });
      counts.created += 1;
    } else if (canonical({ seq: before.seq, title: before.title, content: before.content }) !== canonical(values)) {
      await tx
        .update(agreements)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(agreements.tenantId, tenantId), eq(agreements.code, code)));
      counts.updated += 1;
    }
  }
  if (old.some((row) => !codes.includes(row.code))) {
    const gone = await tx
      .delete(agreements)
      .where(and(eq(agreements.tenantId, tenantId), notInArray(agreements.code, codes.length > 0 ? codes : [''])))
      .returning({ code: agreements.code });
    counts.removed = gone.length;
  }
  return counts;
}
