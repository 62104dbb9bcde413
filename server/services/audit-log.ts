import { desc } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type AuditLogRow, auditLog } from '../db/schema';
import type { Tx } from './billing/repository';

export type AuditOutcome = AuditLogRow['outcome'];

export type AuditEntry = {
  /** Who acted; null for an anonymous caller. */
  actor: { id: string; email: string } | null;
  action: string;
  target?: string | null;
  outcome: AuditOutcome;
  detail?: Record<string, unknown>;
};

/**
 * The audit log of admin and billing actions: who, what, when, and how it ended. A row written inside a
 * transaction (`db` = the transaction) commits or rolls back with the change it describes.
 */
export class AuditLog {
  constructor(private readonly db: Database) {}

  async record(entry: AuditEntry, db: Database | Tx = this.db): Promise<void> {
    await db.insert(auditLog).values({
      actorId: entry.actor?.id ?? null,
      actorEmail: entry.actor?.email ?? null,
      action: entry.action,
      target: entry.target ?? null,
      outcome: entry.outcome,
      detail: entry.detail ?? {},
    });
  }

  async recent(limit = 50): Promise<AuditLogRow[]> {
    return this.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit);
  }
}
