// Who may do what on compliance & risk, in a module of its own: the web's first chunk reads the screen's rule from
// it (app/route-table.ts) without taking the rest of compliance.values.ts along.
import type { Permission } from './roles.ts';

/**
 * Any one of these permissions (or `all`) passes. The spec gives compliance_management to nobody but `all`; the issue
 * also lets risk_manager (compliance_data, risk_metrics) work violations and the register, and cfo
 * (compliance_reports) read.
 */
export const COMPLIANCE_ACCESS = {
  /** The screen (/admin/compliance): dashboard, violations, alerts, risks, rules, audit trail, the printable report. */
  read: ['compliance_management', 'compliance_data', 'compliance_reports'],
  /** Violation status, assignee and notes; acknowledging alerts. */
  work: ['compliance_management', 'compliance_data'],
  /** Creating and editing risks. */
  risks: ['compliance_management', 'risk_metrics'],
  /** Editing rules and running them on demand. */
  manage: ['compliance_management'],
} as const satisfies Record<string, readonly Permission[]>;
