/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the embedded database. */
import { closeDatabase, getDatabase } from '../db';

await getDatabase();
await closeDatabase();
console.log('Migrations applied.');
