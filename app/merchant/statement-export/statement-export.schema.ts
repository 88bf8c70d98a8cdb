import { z } from 'zod';
import { exportStatementQuery } from '../../../server/balances/statement.schema';

/** A calendar month, YYYY-MM (UTC), for the monthly statement. */
const month = z.string().regex(/^(19[7-9]\d|[2-9]\d{3})-(0[1-9]|1[0-2])$/, { error: 'must be a month, YYYY-MM' });

/**
 * GET /merchant/statement-export: the statement export's filters (the REST export's own), or a
 * month, which stands for from = its first day and to = the next month's first day (UTC). Empty
 * fields are left out, since the Balance page's form sends every field.
 */
export const statementExportInput = z
  .object({ account: z.string().optional(), from: z.string().optional(), to: z.string().optional(), month: month.optional() })
  .strict()
  .transform(({ month: chosen, ...filters }, context) => {
    const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
    if (chosen && (given.from || given.to)) {
      context.addIssue({ code: 'custom', path: ['month'], message: 'give a month or a date range, not both' });
      return z.NEVER;
    }
    if (chosen) {
      const [year, monthIndex] = chosen.split('-').map(Number) as [number, number];
      given.from = new Date(Date.UTC(year, monthIndex - 1, 1)).toISOString();
      given.to = new Date(Date.UTC(year, monthIndex, 1)).toISOString();
    }
    const parsed = exportStatementQuery.safeParse(given);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { filters: parsed.data, name: chosen ?? new Date().toISOString().slice(0, 10) };
  });
