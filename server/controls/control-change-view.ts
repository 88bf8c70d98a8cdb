import type { ControlChangeStatus } from '../../db/schema';
import { isoMs } from '../money/format';
import { controlOf, type ControlKey } from './control-registry';

/** A control change as the console and the tRPC answers show it. */
export interface ControlChangeView {
  id: string;
  control: ControlKey;
  /** The value in effect when it was proposed, and the one proposed, as people read them. */
  from: string;
  to: string;
  reason: string;
  status: ControlChangeStatus;
  proposedBy: { id: string; name: string };
  createdAt: string;
  decidedBy: { id: string; name: string } | null;
  decidedAt: string | null;
  /** Why it was rejected. */
  decisionReason: string | null;
}

interface ChangeRow {
  id: string;
  control: string;
  fromValue: unknown;
  toValue: unknown;
  reason: string;
  status: ControlChangeStatus;
  proposedBy: string;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionReason: string | null;
  createdAt: Date;
}

export function controlChangeView(row: ChangeRow, names: { proposer: string; decider: string | null }): ControlChangeView {
  const control = controlOf(row.control as ControlKey);
  return {
    id: row.id,
    control: row.control as ControlKey,
    from: control.display(row.fromValue as Record<string, unknown>),
    to: control.display(row.toValue as Record<string, unknown>),
    reason: row.reason,
    status: row.status,
    proposedBy: { id: row.proposedBy, name: names.proposer },
    createdAt: isoMs(row.createdAt),
    decidedBy: row.decidedBy ? { id: row.decidedBy, name: names.decider ?? row.decidedBy } : null,
    decidedAt: row.decidedAt ? isoMs(row.decidedAt) : null,
    decisionReason: row.decisionReason,
  };
}
