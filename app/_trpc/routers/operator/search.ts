import { searchConsole } from '../../../../server/operator-search/search-console';
import { searchConsoleInput } from '../../../../server/operator-search/search-console.schema';
import { operatorProcedure } from '../../init';
import { searchConsoleOutput } from '../../../../server/operator-search/search-console-output.schema';

/** The search box on every console page (docs/operator-guide.md, "Search"), read from a standby when one is configured (docs/deploy.md, "Reads off the primary"). */
export const operatorSearchRouter = operatorProcedure.input(searchConsoleInput).output(searchConsoleOutput).query(({ ctx, input }) => searchConsole(ctx.readDb, input));
