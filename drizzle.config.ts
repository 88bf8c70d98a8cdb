import { defineConfig } from 'drizzle-kit';

// Migrations are generated from db/schema and committed; they are applied by db/migrate.ts at
// start-up and in tests, on PostgreSQL and on the embedded PGlite alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  strict: true,
  verbose: true,
});
