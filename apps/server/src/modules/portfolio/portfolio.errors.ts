import { CSV_IMPORT_MAX_ROWS_PER_DAY } from '@bist/contracts';
import { BadRequestError, ConflictError, NotFoundError, TooManyRequestsError } from '@/lib/errors';
import { formatTry } from '@/lib/money';
import { ledgerViolationMessage, type LedgerViolation } from './ledger.ts';

export const PORTFOLIO_MESSAGES = {
  notFound: 'İşlem bulunamadı.',
  unknownSymbol: (symbol: string) => `Bilinmeyen hisse kodu: ${symbol}`,
  offTick: (price: string, tick: string) =>
    `Fiyat BIST fiyat adımına uymuyor: ${price} için adım ${tick}; en yakın geçerli fiyatı girin.`,
  csvInvalid: (count: number, sample: string) =>
    `CSV dosyasında ${count} hatalı satır var; hiçbir işlem kaydedilmedi. ${sample}`,
  csvFile: (reason: string) => `CSV dosyası okunamadı: ${reason}`,
  csvDailyQuota: (today: number, adding: number) =>
    `Bir günde en fazla ${CSV_IMPORT_MAX_ROWS_PER_DAY.toLocaleString('tr-TR')} işlem içe aktarılabilir: bugün ` +
    `${today.toLocaleString('tr-TR')} işlem kaydedildi, dosyada ${adding.toLocaleString('tr-TR')} satır var. ` +
    'Hiçbir işlem kaydedilmedi; yarın yeniden deneyin.',
  cashShortfall: (shortfallTry: number) =>
    `Bu alım kayıtlı nakitten ${formatTry(shortfallTry)} fazla. Eksik tutar için otomatik para yatırma kaydedin ` +
    'ya da nakdin eksiye düşmesine izin verin.',
  splitOfferNotFound: 'Bu hisse ve tarih için bekleyen bir bölünme önerisi yok.',
  demoNeedsEmpty: 'Demo portföy yalnızca işlemi olmayan bir portföye yüklenebilir.',
  demoRemoval: (reason: string) => `Demo verisi kaldırılamaz; kalan işlemler tutarsız olur. ${reason}`,
  negativeCashInUse: (reason: string) =>
    `Nakit eksiye düşen işlemler var; önce para yatırma kaydedin. ${reason}`,
} as const;

/** A buy costs more than the recorded cash and the request chose no cash rule: the client asks the investor. */
export class CashShortfallError extends ConflictError {
  constructor(readonly shortfallTry: number) {
    super(PORTFOLIO_MESSAGES.cashShortfall(shortfallTry), 'cash_rule');
  }
}

export class DemoNeedsEmptyPortfolioError extends ConflictError {
  constructor() {
    super(PORTFOLIO_MESSAGES.demoNeedsEmpty);
  }
}

/** A buy, withdrawal or fee (or a later one after an edit) needs more cash than the ledger has at that point. */
export class InsufficientCashError extends ConflictError {}

/** A sell (or a later one after an edit) exceeds the shares held at that point. */
export class InsufficientSharesError extends ConflictError {}

/** The 409 for a ledger the replay refused, prefixed with the CSV line when the transaction came from one. */
export function ledgerViolationError(violation: LedgerViolation, line: number | null, field?: string): Error {
  const message = (line === null ? '' : `Satır ${line}: `) + ledgerViolationMessage(violation);
  return violation.kind === 'insufficient_shares'
    ? new InsufficientSharesError(message, field)
    : new InsufficientCashError(message, field);
}

/** Another investor's id and a missing id look the same. */
export class TransactionNotFoundError extends NotFoundError {
  constructor() {
    super(PORTFOLIO_MESSAGES.notFound);
  }
}

/** No split offer of that stock and date stands (never offered, already recorded, or shares not held). */
export class SplitOfferNotFoundError extends NotFoundError {
  constructor() {
    super(PORTFOLIO_MESSAGES.splitOfferNotFound);
  }
}

export class CsvImportInvalidError extends BadRequestError {}

/** An import past CSV_IMPORT_MAX_ROWS_PER_DAY: 429 until the next Istanbul day. */
export class CsvImportQuotaError extends TooManyRequestsError {
  constructor(today: number, adding: number, retryAfterSeconds: number) {
    super(PORTFOLIO_MESSAGES.csvDailyQuota(today, adding), retryAfterSeconds);
  }
}

/** A transaction input that the market or the calendar refuses (zod checked its shape): 400 naming the field. */
export class TransactionInputError extends BadRequestError {}
