import { defineConfig } from 'drizzle-kit';

// Generates the SQL migrations committed under ./drizzle (`npm run db:generate -w @school/server`).
// The server applies them itself at start-up, on PGlite and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  // Re-exports every table file of src/db/schema/.
  schema: './src/db/schema.ts',
  out: './drizzle',
});
