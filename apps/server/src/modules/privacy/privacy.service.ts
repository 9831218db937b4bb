import { randomUUID } from 'node:crypto';
import type { CustomerUser, KvkkRequestList, KvkkRequestType } from '@bist/contracts';
import type { Clock } from '@/lib/clock';
import { BadRequestError, UnauthorizedError } from '@/lib/errors';
import { verifyPassword } from '@/lib/passwords';
import type { AuditService } from '@/modules/audit/audit.service';
import {
  exportFileName,
  KVKK_OTHER_PERSONAL_DATA,
  KVKK_TABLES,
  kvkkDeadline,
  newKvkkReference,
  pseudonymiseText,
  toKvkkRequest,
} from './kvkk.ts';
import type { PrivacyRepository } from './privacy.repository.ts';

export const PRIVACY_MESSAGES = {
  wrongPassword: 'Şifre hatalı',
  erased:
    'Hesabınız silindi. Kişisel verileriniz silindi; yasal saklama gereken kayıtlar kimliğinizden ayrıldı.',
  accountGone: 'Hesap bulunamadı',
} as const;

/** Ends the investor's cached sessions at once (AuthService keeps validated sessions for a few seconds). */
export interface SessionEvictor {
  evictUser(userId: string): void;
}

const iso = (d: Date | null | undefined): string | null => (d ? d.toISOString() : null);

/** KVKK for investors: the export of everything stored about them, the erasure, and the requests' register. */
/** The rows kept by law after an erasure, under the pseudonym (the investor's confirmation shows them). */
export interface ErasureRetained {
  transactions: number;
  payments: number;
  subscription_events: number;
}

export class PrivacyService {
  constructor(
    private readonly deps: {
      repo: PrivacyRepository;
      audit: AuditService;
      sessions: SessionEvictor;
      clock: Clock;
    },
  ) {}

  /** 'Verilerimi indir': records an access request, builds the file and completes the request. */
  async exportData(subject: CustomerUser): Promise<{ fileName: string; body: Record<string, unknown> }> {
    const { repo, clock } = this.deps;
    const user = await repo.findUser(subject.id);
    if (!user) throw new UnauthorizedError(PRIVACY_MESSAGES.accountGone);
    const request = await this.open('access', user.id);
    const data = await repo.collect(user.id);
    const now = clock.now();
    const body = {
      format: 'bist-ai-kvkk-export',
      version: 1,
      generated_at: now.toISOString(),
      request_reference: request.reference,
      note:
        'KVKK m.11 kapsamında hakkınızda saklanan veriler. Şifreniz yalnızca geri çevrilemez bir özet olarak ' +
        'saklanır ve bu dosyada yoktur; oturum anahtarları da yoktur.',
      profile: {
        id: user.id,
        email: user.email,
        name: user.name,
        role: user.role,
        avatar_url: user.avatarUrl,
        created_by_demo_login: user.createdByDemoLogin,
        created_at: iso(user.createdAt),
        last_login_at: iso(user.lastLoginAt),
        privacy_notice_version: user.privacyNoticeVersion,
        privacy_notice_acknowledged_at: iso(user.privacyNoticeAcknowledgedAt),
        marketing_consent_at: iso(user.marketingConsentAt),
      },
      sessions: data.sessions.map((s) => ({
        created_at: iso(s.createdAt),
        expires_at: iso(s.expiresAt),
        revoked_at: iso(s.revokedAt),
      })),
      portfolio: {
        settings: data.account
          ? {
              allow_negative_cash: data.account.allowNegativeCash,
              created_at: iso(data.account.createdAt),
            }
          : null,
        transactions: data.transactions.map((t) => ({
          id: t.id,
          type: t.type,
          trade_date: t.tradeDate,
          symbol: t.symbol,
          quantity: t.quantity,
          price_try: t.priceTry,
          commission_try: t.commissionTry,
          amount_try: t.amountTry,
          note: t.note,
          is_demo: t.isDemo,
          created_at: iso(t.createdAt),
        })),
        split_offer_dismissals: data.splitDismissals.map((d) => ({
          symbol: d.symbol,
          date: d.actionDate,
          numerator: d.numerator,
          denominator: d.denominator,
          dismissed_at: iso(d.createdAt),
        })),
      },
      watchlist: data.watchlist.map((w) => ({ symbol: w.symbol, added_at: iso(w.createdAt) })),
      price_alerts: data.alerts.map((a) => ({
        id: a.id,
        symbol: a.symbol,
        direction: a.direction,
        threshold_try: a.thresholdTry,
        note: a.note,
        created_at: iso(a.createdAt),
        notification: a.triggeredAt
          ? { triggered_at: iso(a.triggeredAt), price_try: a.triggeredPriceTry, read_at: iso(a.readAt) }
          : null,
      })),
      subscription_events: data.subscriptions.map((e) => ({
        occurred_at: iso(e.occurredAt),
        kind: e.kind,
        plan_id: e.planId,
        billing_interval: e.billingInterval,
        mrr_kurus: e.mrrKurus,
        source: e.source,
      })),
      payments: data.payments.map((p) => ({
        occurred_at: iso(p.occurredAt),
        kind: p.kind,
        plan_id: p.planId,
        amount_kurus: p.amountKurus,
        tax_kurus: p.taxKurus,
        currency: p.currency,
        provider: p.provider,
        provider_ref: p.providerRef,
        source: p.source,
      })),
      analytics: {
        signup: data.signup
          ? { signed_up_at: iso(data.signup.signedUpAt), source: data.signup.source }
          : null,
        events: data.events.map((e) => ({
          occurred_at: iso(e.occurredAt),
          event_type: e.eventType,
          page: e.page,
          source: e.source,
        })),
      },
      audit_entries: data.audit.map((a) => ({
        at: iso(a.at),
        event_type: a.eventType,
        action: a.action,
        entity_type: a.entityType,
        entity_id: a.entityId,
        details: a.details,
      })),
      kvkk_requests: data.requests.map((r) => ({
        reference: r.reference,
        type: r.type,
        status: r.id === request.id ? 'completed' : r.status,
        requested_at: iso(r.requestedAt),
        deadline_at: iso(r.deadlineAt),
        completed_at: r.id === request.id ? now.toISOString() : iso(r.completedAt),
      })),
      what_we_store: KVKK_TABLES,
    };
    const counts = {
      sessions: body.sessions.length,
      portfolio_transactions: body.portfolio.transactions.length,
      split_offer_dismissals: body.portfolio.split_offer_dismissals.length,
      watchlist_items: body.watchlist.length,
      price_alerts: body.price_alerts.length,
      subscription_events: body.subscription_events.length,
      payments: body.payments.length,
      analytics_events: body.analytics.events.length,
      audit_entries: body.audit_entries.length,
    };
    await repo.completeRequest(request.id, now, { exported: counts });
    await this.audit('kvkk_access_request_completed', request.id, {
      reference: request.reference,
      ...counts,
    });
    return { fileName: exportFileName(now), body };
  }

  /**
   * 'Hesabımı sil': checks the password, records the erasure request, then erases at once, in one transaction with
   * the redaction of the audit entries that mention them (decision 0045). If the erasure fails, the request stays
   * 'received' on the compliance page with its deadline running.
   */
  async erase(
    subject: CustomerUser,
    password: string,
  ): Promise<{ reference: string; retained: ErasureRetained }> {
    const { repo, clock, sessions, audit } = this.deps;
    const user = await repo.findUser(subject.id);
    if (!user) throw new UnauthorizedError(PRIVACY_MESSAGES.accountGone);
    if (!(await verifyPassword(user.passwordHash, password)))
      throw new BadRequestError(PRIVACY_MESSAGES.wrongPassword, 'password');
    const request = await this.open('erasure', user.id);
    const pseudonymId = randomUUID();
    const rewrite = pseudonymiseText(user, pseudonymId);
    const counts: Record<string, number> = await repo.transaction(async (tx, executor) => {
      const erased = await tx.erase(user, pseudonymId, rewrite);
      const done = {
        ...erased.counts,
        admin_audit_log: await audit.redact(
          {
            mentioning: [user.id, user.email],
            targets: [
              { type: 'compliance_violation', ids: erased.violationIds },
              { type: 'compliance_alert', ids: erased.alertIds },
            ],
            rewrite,
            reason: { type: 'kvkk_request', id: request.id },
          },
          executor,
        ),
      };
      await tx.completeRequest(request.id, clock.now(), { ...done, other: KVKK_OTHER_PERSONAL_DATA });
      return done;
    });
    sessions.evictUser(user.id);
    await this.audit('kvkk_erasure_completed', request.id, { reference: request.reference, ...counts });
    return {
      reference: request.reference,
      retained: {
        transactions: counts.portfolio_transactions ?? 0,
        payments: counts.payments ?? 0,
        subscription_events: counts.subscription_events ?? 0,
      },
    };
  }

  /** The register for the compliance page's KVKK tab. */
  async requests(type: KvkkRequestType | undefined): Promise<KvkkRequestList> {
    const now = this.deps.clock.now();
    const rows = await this.deps.repo.listRequests(type);
    const requests = rows.map(({ row, email }) => toKvkkRequest(row, email, now));
    return {
      requests,
      open: requests.filter((r) => r.status !== 'completed').length,
      overdue: requests.filter((r) => r.status !== 'completed' && r.overdue).length,
    };
  }

  private async open(type: KvkkRequestType, userId: string) {
    const requestedAt = this.deps.clock.now();
    return this.deps.repo.insertRequest({
      type,
      reference: newKvkkReference(),
      userId,
      requestedAt,
      deadlineAt: kvkkDeadline(requestedAt),
    });
  }

  /** A tamper-evident trace of the request: no e-mail, name, IP or user agent, only the reference and counts. */
  private async audit(action: string, requestId: string, details: Record<string, unknown>): Promise<void> {
    await this.deps.audit.record({
      eventType: 'data_access',
      action,
      actor: null,
      target: { type: 'kvkk_request', id: requestId },
      details,
    });
  }
}
