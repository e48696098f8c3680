import { z } from 'zod';
import { agreementCodes, componentAudiences, currencies, tabTypes, tenantStatuses } from './enums.js';

/** GET /api/tenants/current */
export const tenantSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slogan: z.string(),
  favicon: z.string(),
  status: z.enum(tenantStatuses),
  currency: z.enum(currencies),
});
export type Tenant = z.infer<typeof tenantSchema>;

/** GET /api/system/config (stored by the web app under `sys_config`). */
export const systemConfigSchema = z.object({
  enabledFeatures: z.record(z.string(), z.boolean()),
  accessConfig: z.object({ enableWap: z.boolean(), enableOpenAccess: z.boolean() }),
  headerNavMenuConfig: z.object({ logo: z.string() }),
  wechatOfficialConfig: z.object({ enable: z.boolean() }),
  /** Where the tenant admin area lives: /admin on the current host, with an optional port. */
  adminConfig: z.object({ port: z.number().int().positive().nullable() }),
});
export type SystemConfig = z.infer<typeof systemConfigSchema>;

/** GET /api/system/config/user/agreement: the agreements a learner can read. */
export const agreementSchema = z.object({
  code: z.enum(agreementCodes),
  title: z.string(),
  /** Sanitized HTML. */
  content: z.string(),
});
export type Agreement = z.infer<typeof agreementSchema>;
export const agreementListSchema = z.object({ items: z.array(agreementSchema) });
export type AgreementList = z.infer<typeof agreementListSchema>;

/** GET /api/decorations/tabs/list */
export const tabSchema = z.object({
  id: z.number().int(),
  /** One of `tabTypes`; unknown types are kept and use `url`. */
  type: z.string(),
  name: z.string(),
  defaultIconUrl: z.string(),
  activeIconUrl: z.string(),
  url: z.string().nullable(),
  targetId: z.number().int().nullable(),
  microPage: z.object({ id: z.number().int() }).nullable(),
  textActiveColor: z.string().nullable(),
});
export type Tab = z.infer<typeof tabSchema>;
export const knownTabTypes = tabTypes;
export const tabListSchema = z.object({ items: z.array(tabSchema) });
export type TabList = z.infer<typeof tabListSchema>;

/**
 * Decorated components of a micro page. `kind` picks the renderer; a client skips kinds it
 * does not know, so a school can add components before every client understands them.
 */
const linkSchema = z.string().max(2000);

/** Who a component is for (enums.ts); left out, everyone. The client decides, as it knows who is signed in. */
const audience = { audience: z.enum(componentAudiences).optional() };

export const bannerComponentSchema = z.object({
  kind: z.literal('banner'),
  ...audience,
  items: z.array(z.object({ image: z.string(), alt: z.string(), link: linkSchema.nullable() })),
});
export const searchBarComponentSchema = z.object({
  kind: z.literal('searchBar'),
  ...audience,
  placeholder: z.string(),
});
export const navGridComponentSchema = z.object({
  kind: z.literal('navGrid'),
  ...audience,
  items: z.array(z.object({ icon: z.string(), label: z.string(), link: linkSchema })),
});
export const richTextComponentSchema = z.object({
  kind: z.literal('richText'),
  ...audience,
  /** Sanitized HTML. */
  html: z.string(),
});
export const imageAdComponentSchema = z.object({
  kind: z.literal('imageAd'),
  ...audience,
  image: z.string(),
  alt: z.string(),
  link: linkSchema.nullable(),
  /** width / height, so the slot is reserved before the image loads. */
  aspectRatio: z.number().positive(),
});
export const productListComponentSchema = z.object({
  kind: z.enum(['courseList', 'classroomList', 'examList', 'articleList']),
  ...audience,
  title: z.string(),
  rule: z.enum(['recommended', 'latest', 'popular']),
  limit: z.number().int().min(1).max(20),
});

export const microPageComponentSchema = z.discriminatedUnion('kind', [
  bannerComponentSchema,
  searchBarComponentSchema,
  navGridComponentSchema,
  richTextComponentSchema,
  imageAdComponentSchema,
  productListComponentSchema,
]);
export type MicroPageComponent = z.infer<typeof microPageComponentSchema>;

/** GET /api/decorations/pages/{id} */
export const microPageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  components: z.array(microPageComponentSchema),
});
export type MicroPage = z.infer<typeof microPageSchema>;
