import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The layers of docs/architecture.md are held by lint rules (eslint.config.mjs), not by
 * discipline: each wrong import below must be an error, and the right ones must not.
 */
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function problems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => message.ruleId ?? message.message);
}

describe('layer rules', () => {
  it.each([
    ['the domain importing a transport', 'server/payouts/wrong.ts', "import { handleRestRequest } from '../../app/api/v1/_rest/handler';\nexport const x = handleRestRequest;\n"],
    ['the database layer importing the domain', 'db/wrong.ts', "import { log } from '../server/logging/log';\nexport const x = log;\n"],
    ['a transport building SQL', 'app/api/v1/_rest/wrong.ts', "import { sql } from 'drizzle-orm';\nexport const x = sql;\n"],
    ['a transport reaching for the schema', 'app/trader/wrong.ts', "import { payoutOrders } from '../../db/schema';\nexport const x = payoutOrders;\n"],
    ['the typed client importing server code', 'clients/node/wrong.ts', "import { parseInput } from '../../server/validation/parse-input';\nexport const x = parseInput;\n"],
    ['config importing the domain', 'config/wrong.ts', "import { log } from '../server/logging/log';\nexport const x = log;\n"],
    ['a domain module building a statement once', 'server/payouts/wrong.ts', "import { reusableQuery } from '../../db/reusable-query';\nexport const x = reusableQuery;\n"],
    ['a domain module pipelining', 'server/payins/wrong.ts', "import { pipelined } from '../../db/pipelined';\nexport const x = pipelined;\n"],
    ['a transport running a statement', 'app/api/v1/_rest/wrong.ts', "import { payoutPage } from '../../../../db/statements/payout-reads';\nexport const x = payoutPage;\n"],
  ])('%s is an error', async (_what, filePath, code) => {
    expect(await problems(filePath, code)).toContain('@typescript-eslint/no-restricted-imports');
  });

  it("a 'use client' module importing server code is an error", async () => {
    const code = "'use client';\nimport { keyring } from '../../server/config/keyring';\nexport const x = keyring;\n";
    expect(await problems('app/trader/wrong-client.tsx', code)).toContain('corridor/client-boundary');
  });

  it.each([
    ['the domain importing the database layer', 'server/payouts/right.ts', "import { payoutOrders } from '../../db/schema';\nexport const x = payoutOrders;\n"],
    ['a transport calling the domain, with a type from db', 'app/api/v1/_rest/right.ts', "import type { Db } from '../../../../db/client';\nimport { parseInput } from '../../../../server/validation/parse-input';\nexport const x = (db: Db) => [db, parseInput];\n"],
    ['the order kernel pipelining its writes', 'server/orders/right.ts', "import { pipelined } from '../../db/pipelined';\nexport const x = pipelined;\n"],
    ['the ledger building a statement once', 'server/ledger/right.ts', "import { reusableSql } from '../../db/reusable-query';\nexport const x = reusableSql;\n"],
    ['a domain module calling a named statement', 'server/payouts/right.ts', "import { payoutPage } from '../../db/statements/payout-reads';\nexport const x = payoutPage;\n"],
    ["a 'use client' module importing common/", 'app/trader/right-client.tsx', "'use client';\nimport { MAX_PROOFS } from '../../common/proof-limits';\nexport const x = MAX_PROOFS;\n"],
  ])('%s is allowed', async (_what, filePath, code) => {
    expect(await problems(filePath, code)).toEqual([]);
  });
});
