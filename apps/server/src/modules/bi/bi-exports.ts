import { BI_EXPORT_TYPES, type BiDataSource, type BiExportType, type BiQuery } from '@bist/contracts';
import type { AdminActor, RequestMeta } from '@/lib/actor';
import { csvDocument } from '@/lib/csv-writer';
import { AppError, BadRequestError } from '@/lib/errors';
import type { AuditService } from '@/modules/audit/audit.service';
import type { BiDrilldowns } from './bi-drilldowns.ts';
import type { BiFigures } from './bi-figures.ts';
import type { BiScope } from './bi-scope.ts';

export interface BiExportsDeps {
  figures: Pick<BiFigures, 'revenue' | 'users' | 'performance'>;
  drilldowns: Pick<BiDrilldowns, 'signupDrilldown' | 'mrrDrilldown'>;
  scope: Pick<BiScope, 'sourceOf'>;
  audit: Pick<AuditService, 'record'>;
}

/**
 * The BI CSV files: one metric family of a range, or a drill-down's rows (UTF-8 BOM, CRLF), each audited once made —
 * `bi_exported`, or `bi_export_failed` when making it failed.
 */
export class BiExports {
  constructor(private readonly deps: BiExportsDeps) {}

  /** A drill-down's rows as CSV (same writer as the exports), audited like them. */
  async drilldownCsv(
    request:
      { kind: 'signups'; query: BiQuery } | { kind: 'mrr'; month: string; source?: BiDataSource | undefined },
    by: { actor: AdminActor; meta: RequestMeta },
  ): Promise<{ filename: string; csv: string }> {
    const target = { type: 'bi_export', id: `drilldown_${request.kind}` };
    const details =
      request.kind === 'mrr' ? { month: request.month, source: request.source } : { ...request.query };
    return this.audited(target, details, by, async () => {
      const file = await this.drilldownFile(request);
      return { ...file, details };
    });
  }

  private async drilldownFile(
    request:
      { kind: 'signups'; query: BiQuery } | { kind: 'mrr'; month: string; source?: BiDataSource | undefined },
  ): Promise<{ filename: string; csv: string }> {
    let filename: string;
    let header: string[];
    let rows: (string | number | null)[][];
    if (request.kind === 'signups') {
      const d = await this.deps.drilldowns.signupDrilldown(request.query);
      filename = `signups_${d.period.from}_${d.period.to}.csv`;
      header = ['user_id', 'signed_up_at', 'date', 'source'];
      rows = d.rows.map((r) => [r.user_id, r.signed_up_at, r.date, r.source]);
    } else {
      const d = await this.deps.drilldowns.mrrDrilldown(request.month, request.source);
      filename = `mrr_movements_${request.month}.csv`;
      header = ['user_id', 'start_mrr_try', 'end_mrr_try', 'change_try', 'movement'];
      rows = d.rows.map((r) => [r.user_id, r.start_mrr, r.end_mrr, r.change, r.movement]);
    }
    return { filename, csv: csvDocument(header, rows) };
  }

  /**
   * Makes an export and audits it: `bi_exported` once the file exists, `bi_export_failed` (with the client-facing
   * reason, never internals) when making it failed — a failed export is never recorded as an export.
   */
  private async audited(
    target: { type: string; id: string },
    details: Record<string, unknown>,
    by: { actor: AdminActor; meta: RequestMeta },
    make: () => Promise<{ filename: string; csv: string; details: Record<string, unknown> }>,
  ): Promise<{ filename: string; csv: string }> {
    let file: { filename: string; csv: string; details: Record<string, unknown> };
    try {
      file = await make();
    } catch (error) {
      const reason = error instanceof AppError && error.statusCode < 500 ? error.message : 'server error';
      await this.deps.audit
        .record({
          eventType: 'data_access',
          action: 'bi_export_failed',
          actor: by.actor,
          target,
          details: { ...details, reason },
          meta: by.meta,
        })
        .catch(() => undefined); // the export's own error is what the caller needs to see
      throw error;
    }
    await this.deps.audit.record({
      eventType: 'data_access',
      action: 'bi_exported',
      actor: by.actor,
      target,
      details: file.details,
      meta: by.meta,
    });
    return { filename: file.filename, csv: file.csv };
  }

  /** One metric family as CSV (UTF-8 BOM, CRLF), with the file name `<type>_<from>_<to>.csv`. */
  async exportCsv(
    type: BiExportType,
    from: string,
    to: string,
    by: { actor: AdminActor; meta: RequestMeta },
    source?: BiDataSource,
  ): Promise<{ filename: string; csv: string }> {
    if (!BI_EXPORT_TYPES.includes(type)) throw new BadRequestError('Unknown export type', 'type');
    return this.audited({ type: 'bi_export', id: type }, { type, from, to, source }, by, () =>
      this.exportFile(type, from, to, source),
    );
  }

  private async exportFile(
    type: BiExportType,
    from: string,
    to: string,
    requested?: BiDataSource,
  ): Promise<{ filename: string; csv: string; details: Record<string, unknown> }> {
    const source = await this.deps.scope.sourceOf({ source: requested });
    const query = { from, to, source };
    const filename = `${type}_${from}_${to}.csv`;
    let header: string[];
    let rows: (string | number | null)[][];
    switch (type) {
      case 'revenue': {
        const r = await this.deps.figures.revenue(query);
        header = ['date', 'total_revenue_try'];
        rows = r.revenue_trend.map((d) => [d.date, d.total_revenue]);
        break;
      }
      case 'mrr': {
        const r = await this.deps.figures.revenue(query);
        header = [
          'month',
          'start_mrr_try',
          'new_mrr_try',
          'expansion_try',
          'contraction_try',
          'churn_try',
          'reactivation_try',
          'end_mrr_try',
        ];
        rows = r.mrr_movements.map((m) => [
          m.month,
          m.start_mrr,
          m.new_mrr,
          m.expansion,
          m.contraction,
          m.churn,
          m.reactivation,
          m.end_mrr,
        ]);
        break;
      }
      case 'users': {
        const u = await this.deps.figures.users(query);
        header = ['date', 'unique_users', 'signups'];
        rows = u.user_growth.map((d) => [d.date, d.unique_users, d.signups]);
        break;
      }
      case 'events': {
        const u = await this.deps.figures.users(query);
        header = ['event_type', 'event_count'];
        rows = u.event_analysis.map((e) => [e.event_type, e.event_count]);
        break;
      }
      case 'pages': {
        const u = await this.deps.figures.users(query);
        header = ['page_url', 'page_views'];
        rows = u.page_analysis.map((e) => [e.page_url, e.page_views]);
        break;
      }
      case 'performance': {
        const perf = await this.deps.figures.performance(query);
        header = [
          'endpoint',
          'requests',
          'avg_response_time_ms',
          'p50_ms',
          'p95_ms',
          'p99_ms',
          'error_rate_percent',
        ];
        rows = perf.endpoint_performance.map((e) => [
          e.endpoint,
          e.requests,
          e.avg_response_time,
          e.p50_ms,
          e.p95_ms,
          e.p99_ms,
          e.error_rate,
        ]);
        break;
      }
    }
    return {
      filename,
      csv: csvDocument(header, rows),
      details: { type, from, to, source, rows: rows.length },
    };
  }
}
