import { sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import type { ChainSendSettlement } from '../../server/chain-sends/settlement';

interface SettlementCall {
  sendId: string;
  step: 'signed' | 'broadcast' | 'confirmed' | 'failed';
  txHash: string;
  detail: string | null;
}

/** A settlement that hands every call to `record`, in the signer's transaction. */
function recordingSettlement(record: (tx: Tx, call: SettlementCall) => Promise<void>): ChainSendSettlement {
  return {
    signed: (tx, send) => record(tx, { sendId: send.id, step: 'signed', txHash: send.txHash, detail: null }),
    broadcast: (tx, send) => record(tx, { sendId: send.id, step: 'broadcast', txHash: send.txHash, detail: null }),
    confirmed: (tx, send) => record(tx, { sendId: send.id, step: 'confirmed', txHash: send.txHash, detail: `${send.gasSpent} ${send.nativeSymbol}` }),
    failed: (tx, send) => record(tx, { sendId: send.id, step: 'failed', txHash: send.txHash, detail: send.reason }),
  };
}

/** The table the settlements write to, in a test database. */
export async function createSettlementTable(db: Db): Promise<void> {
  await db.execute(sql`create table if not exists signer_test_settlements (send_id uuid not null, step text not null, tx_hash text not null, detail text, at timestamptz not null default now())`);
}

/** A recording settlement writing to that table. */
export const tableSettlement = recordingSettlement(async (tx, call) => {
  await tx.execute(sql`insert into signer_test_settlements (send_id, step, tx_hash, detail) values (${call.sendId}, ${call.step}, ${call.txHash}, ${call.detail})`);
});
