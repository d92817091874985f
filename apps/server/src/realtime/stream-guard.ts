import { can, type OrganizationRole, type Permission } from "@ringback/contracts";
import { sql } from "drizzle-orm";
import type { Database } from "../db/database.ts";
import type { Logger } from "../lib/logger.ts";

/** Why a live stream was ended: its session is over, or its access to the organization. */
export type StreamEnd = "session" | "access";

export interface WatchedStream {
  sessionId: string;
  /** The role the stream was opened with. */
  role: OrganizationRole;
  userId: string;
  organizationId: string;
  /** What the stream needs (the route's permission): a role change can take it away. */
  permission: Permission;
}

export interface StreamGuard {
  /**
   * Calls `end` once, within about one interval, when the stream's right to run is gone, and
   * `roleChanged` when its user's role changes but still allows the stream (what it may be sent
   * can depend on the role).
   */
  watch(
    stream: WatchedStream,
    end: (reason: StreamEnd) => void,
    roleChanged?: (role: OrganizationRole) => void,
  ): () => void;
}

/**
 * A live event stream outlives the request that checked it, so its right to run is checked
 * again while it is open: every `intervalMs`, one query for all of this process's open streams
 * asks whether each one's session is still there and unexpired (signing out, revoking or expiring
 * a session ends it) and whether its user is still a member allowed to read (removal, a role
 * change). A stream that fails either is ended; the reconnect that follows is refused by the
 * usual authentication and tenancy check. No timer runs while no stream is open.
 */
export function createStreamGuard(options: {
  db: Database;
  logger: Logger;
  intervalMs?: number;
}): StreamGuard {
  const intervalMs = options.intervalMs ?? 5000;
  const watched = new Map<
    number,
    {
      stream: WatchedStream;
      end: (reason: StreamEnd) => void;
      roleChanged?: ((role: OrganizationRole) => void) | undefined;
    }
  >();
  let nextId = 1;
  let timer: NodeJS.Timeout | null = null;
  let checking = false;

  async function check(): Promise<void> {
    if (checking || watched.size === 0) return;
    checking = true;
    const entries = [...watched.entries()];
    try {
      const ids = entries.map(([id]) => id);
      const sessions = entries.map(([, w]) => w.stream.sessionId);
      const users = entries.map(([, w]) => w.stream.userId);
      const organizations = entries.map(([, w]) => w.stream.organizationId);
      const { rows } = await options.db.execute<{
        id: number;
        session_ok: boolean;
        role: OrganizationRole | null;
      }>(sql`
        select w.id,
               exists (select 1 from sessions s
                        where s.id = w.session_id and s.user_id = w.user_id
                          and s.expires_at > now()) as session_ok,
               (select m.role from organization_members m
                 where m.organization_id = w.organization_id and m.user_id = w.user_id) as role
          from unnest(${sql.param(ids)}::int[], ${sql.param(sessions)}::text[],
                      ${sql.param(users)}::text[], ${sql.param(organizations)}::text[])
               as w(id, session_id, user_id, organization_id)`);
      for (const row of rows) {
        const entry = watched.get(Number(row.id));
        if (!entry) continue;
        const reason: StreamEnd | null = !row.session_ok
          ? "session"
          : !can(row.role, entry.stream.permission)
            ? "access"
            : null;
        if (reason) {
          watched.delete(Number(row.id));
          entry.end(reason);
        } else if (row.role && row.role !== entry.stream.role) {
          entry.stream = { ...entry.stream, role: row.role };
          entry.roleChanged?.(row.role);
        }
      }
    } catch (error) {
      // The database is away: streams go on until it answers (their data would not move either).
      options.logger.warn({ err: error }, "Could not re-check the live streams' sessions");
    } finally {
      checking = false;
      if (watched.size === 0 && timer) {
        clearInterval(timer);
        timer = null;
      }
    }
  }

  return {
    watch(stream, end, roleChanged) {
      const id = nextId++;
      watched.set(id, { stream, end, roleChanged });
      if (!timer) {
        timer = setInterval(() => void check(), intervalMs);
        timer.unref();
      }
      return () => {
        watched.delete(id);
        if (watched.size === 0 && timer) {
          clearInterval(timer);
          timer = null;
        }
      };
    },
  };
}
