import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { type AuditLogRow, auditLog } from '../db/schema';
import type { Tx } from './billing/repository';

export type AuditOutcome = AuditLogRow['outcome'];

export type AuditEntry = {
  /** Who acted; null for the system itself (a webhook's consequence). */
  actor: { id: string; email: string } | null;
  action: string;
  target?: string | null;
  outcome: AuditOutcome;
  detail?: Record<string, unknown>;
};

/**
 * Every value a row can hold has a bound, so that no caller can make a row large: what a request carries (its URL,
 * a provider's message) is cut, never stored whole.
 */
export const AUDIT_LIMITS = { action: 100, target: 200, email: 320, text: 500, list: 20, depth: 4 } as const;

const cut = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function boundedValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return cut(value, AUDIT_LIMITS.text);
  if (value === null || typeof value !== 'object') return value;
  if (depth >= AUDIT_LIMITS.depth) return '[nested too deep]';
  if (Array.isArray(value))
    return value.slice(0, AUDIT_LIMITS.list).map((item) => boundedValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, AUDIT_LIMITS.list)
      .map(([key, item]) => [cut(key, AUDIT_LIMITS.action), boundedValue(item, depth + 1)]),
  );
}

function rowOf(entry: AuditEntry) {
  return {
    actorId: entry.actor?.id ?? null,
    actorEmail: entry.actor ? cut(entry.actor.email, AUDIT_LIMITS.email) : null,
    action: cut(entry.action, AUDIT_LIMITS.action),
    target: entry.target == null ? null : cut(entry.target, AUDIT_LIMITS.target),
    outcome: entry.outcome,
    detail: boundedValue(entry.detail ?? {}, 0) as Record<string, unknown>,
  };
}

/**
 * The audit log of admin and billing actions: who, what, when, and how it ended. A row written inside a
 * transaction (`db` = the transaction) commits or rolls back with the change it describes. Rows are kept for the
 * retention (AUDIT_LOG_RETENTION) and pruned by the housekeeping.
 */
export class AuditLog {
  constructor(private readonly db: Database) {}

  async record(entry: AuditEntry, db: Database | Tx = this.db): Promise<void> {
    await db.insert(auditLog).values(rowOf(entry));
  }

  /**
   * Records an entry unless one with the same action and target exists: for what several replicas may each see and
   * act on (idempotently) at the same moment, such as a duplicate subscription they all end.
   */
  async recordOnce(entry: AuditEntry): Promise<void> {
    const row = rowOf(entry);
    // Under a lock of its own (a short transaction): two replicas checking at once would both find nothing.
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`audit|${row.action}|${row.target}`}))`);
      const [existing] = await tx
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.action, row.action),
            row.target === null ? isNull(auditLog.target) : eq(auditLog.target, row.target),
          ),
        )
        .limit(1);
      if (!existing) await tx.insert(auditLog).values(row);
    });
  }

  async recent(limit = 50): Promise<AuditLogRow[]> {
    return this.db.select().from(auditLog).orderBy(desc(auditLog.createdAt)).limit(limit);
  }

  /** Deletes the rows older than `retentionMs`; answers how many went. */
  async prune(retentionMs: number): Promise<number> {
    const deleted = await this.db
      .delete(auditLog)
      .where(sql`${auditLog.createdAt} < now() - ${retentionMs} * interval '1 millisecond'`)
      .returning({ id: auditLog.id });
    return deleted.length;
  }
}
