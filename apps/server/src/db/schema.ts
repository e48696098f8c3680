/*
 * One schema for PGlite and PostgreSQL. Every tenant-owned table carries `tenant_id`, and
 * every repository query filters by it. Times are UTC `timestamptz`.
 *
 * The tables live by domain in db/schema/; this file re-exports each of those files whole, so
 * the server imports every table from here and drizzle-kit (drizzle.config.ts) reads the schema
 * from here. A new file of tables is added below. The schema files import only drizzle and one
 * another at run time, types from elsewhere: drizzle-kit loads them on their own.
 */

export * from './schema/tenants.js';
export * from './schema/site.js';
export * from './schema/accounts.js';
export * from './schema/catalogue.js';
export * from './schema/media.js';
export * from './schema/courses.js';
export * from './schema/course-community.js';
export * from './schema/classrooms.js';
export * from './schema/exams.js';
export * from './schema/papers.js';
export * from './schema/orders.js';
export * from './schema/study.js';
export * from './schema/notifications.js';
export * from './schema/favourites.js';
export * from './schema/calendar.js';
