import { z } from 'zod';
import { packArticleSchema, packClassroomSchema, packCouponsSchema } from './pack-schema-classrooms.js';
import {
  packCategoriesSchema,
  packExamSchema,
  packSchoolSchema,
  packTagsSchema,
  packTeacherSchema,
} from './pack-schema.js';

/*
 * The JSON Schemas of the pack's files, generated from the zod schemas the importer checks with
 * (so the two never disagree). Committed under docs/school-pack-schema/; an editor given them
 * completes and checks a pack's YAML as a person types (docs/school-pack.md says how).
 */
export function packJsonSchemas(): Map<string, string> {
  const schemas = {
    'school.schema.json': packSchoolSchema,
    'teacher.schema.json': packTeacherSchema,
    'categories.schema.json': packCategoriesSchema,
    'tags.schema.json': packTagsSchema,
    'exam.schema.json': packExamSchema,
    'classroom.schema.json': packClassroomSchema,
    'article.schema.json': packArticleSchema,
    'coupons.schema.json': packCouponsSchema,
  };
  return new Map(
    Object.entries(schemas).map(([file, schema]) => [
      file,
      `${JSON.stringify(z.toJSONSchema(schema, { io: 'input' }), null, 2)}\n`,
    ]),
  );
}
