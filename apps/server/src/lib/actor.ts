import type { AdminRole } from '@bist/contracts';

/** Who performed an action, as services and the audit log see it. */
export interface AdminActor {
  /** The staff member's id; null for the operator CLI. */
  id: string | null;
  email: string;
  /** The staff member's role (none for the CLI and the server itself, which hold 'all'). */
  role?: AdminRole;
  permissions: readonly string[];
  /** The session the request came with, when there is one. */
  sessionId?: string;
}

/** Where a request came from, for the audit log. */
export interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The operator CLI (create-admin): holds every permission, no session. */
export const CLI_ACTOR: AdminActor = { id: null, email: 'system:cli', permissions: ['all'] };

/** The server itself, for what it does at start (e.g. deactivating demo staff outside demo mode). */
export const SYSTEM_ACTOR: AdminActor = { id: null, email: 'system:start', permissions: ['all'] };

/** A request that did not come over the network. */
export const NO_REQUEST: RequestMeta = { ip: null, userAgent: null };
