import { sql, type SQL } from 'drizzle-orm';
import { categoryByKind, feeKindsOf } from './reporting-category';

/** reportingCategoryOf in SQL, built from the same table so the two never disagree. */
export function categorySql(kind: SQL): SQL {
  const arms = Object.entries(categoryByKind).map(([k, category]) => sql`when ${k} then ${category}`);
  return sql`(case ${kind} ${sql.join(arms, sql` `)} else 'other' end)`;
}

/** feePaidBy in SQL. */
export function feePaidBySql(kind: SQL, ownerType: string): SQL {
  return sql`(${kind} in (${sql.join(
    feeKindsOf(ownerType).map((k) => sql`${k}`),
    sql`, `,
  )}))`;
}

/** Timestamps as the API spells them: ISO 8601 UTC with milliseconds. */
export function isoSql(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}
