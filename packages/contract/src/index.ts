// Convenience entry for the server and tests. The web app imports the per-module paths
// (`@school/contract/errors`, …) so that first-screen code does not pull in zod schemas.
export * from './common.js';
export * from './enums.js';
export * from './errors.js';
export * from './validation.js';
export * from './shell.js';
export * from './auth.js';
export * from './sms.js';
export * from './users.js';
export * from './register.js';
export * from './oauth.js';
export * from './wechat.js';
export * from './uploads.js';
export * from './paths.js';
export * from './dev.js';
export type { ContractMessages } from './messages/keys.js';
export * from './catalogue.js';
export * from './courses.js';
export * from './classrooms.js';
export * from './exams.js';
export * from './articles.js';
export * from './search.js';
