// One bad trade, one message: the web's forms and the API refuse the same field with the same Turkish text, because
// both run the contracts' transaction rules (decision 0069). Each trade is typed into the form's validator as a person
// types it, and sent to the API as the form would send it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amountValue, isTransactionType } from '@bist/contracts';
import { createTestApp, type TestApp } from '@test/helpers';
import { investor, investorMarket, type Investor } from '@test/investor-helpers';
// eslint-disable-next-line no-restricted-imports -- the web's form checks, outside this app's alias, run beside its API
import {
  isCashDialogType,
  transactionFormErrors,
  validateCashForm,
  validateTradeForm,
  type TransactionFormTexts,
} from '../../../../web/src/features/portfolio/lib/portfolio-rules.ts';
import { istanbulToday } from './dates.ts';

const TODAY = '2026-11-18';
const BUY = { symbol: 'THYAO', quantity: '10', price: '300', date: '2026-11-17', commission: '' };

interface Case {
  name: string;
  type: string;
  texts: TransactionFormTexts;
  field: string;
  message: string;
}

const CASES: Case[] = [
  {
    name: 'a price under one kuruş',
    type: 'buy',
    texts: { ...BUY, price: '0,001' },
    field: 'price',
    message: 'Fiyat en az 0,01 ₺ olmalı',
  },
  {
    name: 'a price over the largest amount',
    type: 'buy',
    texts: { ...BUY, price: '2.000.000.000.000' },
    field: 'price',
    message: 'Fiyat çok büyük',
  },
  {
    name: 'no price',
    type: 'sell',
    texts: { ...BUY, price: '' },
    field: 'price',
    message: 'Fiyat gerekli',
  },
  {
    name: 'zero shares',
    type: 'buy',
    texts: { ...BUY, quantity: '0' },
    field: 'quantity',
    message: 'Adet sıfırdan büyük olmalı',
  },
  {
    name: 'half a share',
    type: 'buy',
    texts: { ...BUY, quantity: '2,5' },
    field: 'quantity',
    message: 'Adet tam sayı olmalı (1 lot = 1 hisse)',
  },
  {
    name: 'more shares than one transaction may hold',
    type: 'buy',
    texts: { ...BUY, quantity: '2.000.000.000' },
    field: 'quantity',
    message: 'Adet çok büyük',
  },
  {
    name: 'no quantity',
    type: 'buy',
    texts: { ...BUY, quantity: '' },
    field: 'quantity',
    message: 'Adet gerekli',
  },
  {
    name: 'tomorrow',
    type: 'buy',
    texts: { ...BUY, date: '2026-11-19' },
    field: 'date',
    message: 'İşlem tarihi bugünden (2026-11-18) sonra olamaz',
  },
  {
    name: 'a day before 2000',
    type: 'buy',
    texts: { ...BUY, date: '1999-12-31' },
    field: 'date',
    message: 'İşlem tarihi 2000-01-01 tarihinden önce olamaz',
  },
  {
    name: 'a day that does not exist',
    type: 'buy',
    texts: { ...BUY, date: '2026-02-30' },
    field: 'date',
    message: 'Geçerli bir tarih girin',
  },
  {
    name: 'no date',
    type: 'buy',
    texts: { ...BUY, date: '' },
    field: 'date',
    message: 'Tarih gerekli (YYYY-AA-GG)',
  },
  {
    name: 'a negative commission',
    type: 'buy',
    texts: { ...BUY, commission: '-1' },
    field: 'commission',
    message: 'Komisyon negatif olamaz',
  },
  {
    name: 'no stock',
    type: 'buy',
    texts: { ...BUY, symbol: '' },
    field: 'symbol',
    message: 'Hisse kodu gerekli',
  },
  {
    name: 'an unknown type',
    type: 'gift',
    texts: { date: '2026-11-17', amount: '100' },
    field: 'type',
    message:
      'İşlem türü alış, satış, para yatırma, para çekme, temettü, masraf, bölünme veya birleşme (ters bölünme) olmalı',
  },
  {
    name: 'a deposit of nothing',
    type: 'deposit',
    texts: { date: '2026-11-17', amount: '0' },
    field: 'amount',
    message: 'Tutar en az 0,01 ₺ olmalı',
  },
  {
    name: 'a dividend without its amount',
    type: 'dividend',
    texts: { date: '2026-11-17', symbol: 'THYAO', amount: '' },
    field: 'amount',
    message: 'Tutar gerekli',
  },
  {
    name: 'a split without the shares it adds',
    type: 'split',
    texts: { date: '2026-11-17', symbol: 'THYAO', quantity: '' },
    field: 'quantity',
    message: 'Eklenen hisse adedi gerekli',
  },
  {
    name: 'a reverse split without the shares it takes away',
    type: 'reverse_split',
    texts: { date: '2026-11-17', symbol: 'THYAO', quantity: '' },
    field: 'quantity',
    message: 'Azalan hisse adedi gerekli',
  },
];

/** What the form the type belongs to says: the trade dialog, the cash dialog, or (no dialog has the type) the rules. */
function formErrors(type: string, texts: TransactionFormTexts): Record<string, string | undefined> {
  const options = { today: TODAY };
  if (type === 'buy' || type === 'sell')
    return validateTradeForm(
      type,
      { symbol: '', quantity: '', price: '', commission: '', ...texts },
      options,
    );
  if (isTransactionType(type) && isCashDialogType(type))
    return validateCashForm(type, { symbol: '', amount: '', quantity: '', ...texts }, options);
  return transactionFormErrors(type, texts, options);
}

/** The body the form sends: the typed numbers as read, a field left empty left out. */
function requestBody(type: string, texts: TransactionFormTexts): Record<string, unknown> {
  const body: Record<string, unknown> = { type, date: texts.date };
  if (texts.symbol !== undefined) body.symbol = texts.symbol;
  for (const field of ['quantity', 'price', 'commission', 'amount'] as const) {
    const text = texts[field];
    if (text !== undefined && text.trim() !== '') body[field] = amountValue(text);
  }
  return body;
}

describe('a bad transaction', () => {
  let t: TestApp;
  let inv: Investor;
  beforeAll(async () => {
    t = await createTestApp({ market: investorMarket() });
    inv = await investor(t);
  });
  afterAll(async () => t.close());

  it('is refused on the test clock’s day', () => {
    expect(istanbulToday(t.clock.now())).toBe(TODAY);
  });

  it.each(CASES)('$name: the form and the API name $field with the same message', async (c) => {
    expect(formErrors(c.type, c.texts)).toEqual({ [c.field]: c.message });
    const res = await inv.post('/api/portfolio/transactions', requestBody(c.type, c.texts));
    expect(res.statusCode).toBe(400);
    const body = res.json<{ field: string; details: { field: string; message: string }[] }>();
    expect(body.field).toBe(c.field);
    expect(body.details).toEqual([{ field: c.field, message: c.message }]);
  });

  it('is accepted by both when nothing is wrong with it', async () => {
    await inv.post('/api/portfolio/transactions', { type: 'deposit', date: '2026-11-16', amount: 10_000 });
    expect(formErrors('buy', BUY)).toEqual({});
    const res = await inv.post('/api/portfolio/transactions', requestBody('buy', BUY));
    expect(res.statusCode).toBe(201);
  });
});
