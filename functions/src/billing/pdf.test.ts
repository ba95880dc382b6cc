import { PDFParse } from 'pdf-parse'
import { describe, expect, it } from 'vitest'
import type { InvoiceDocument } from './document.ts'
import { renderInvoicePdf, sha256Hex } from './pdf.ts'
import { sampleInvoice } from './sample-invoice.ts'

const lines = [
  {
    kind: 'plan',
    description: 'スタンダード 月額利用料（2026年11月分）',
    amount: 29_800,
    taxRate: 10 as const,
  },
  { kind: 'blockLicence', description: 'ブロックライセンス料', amount: 0, taxRate: 10 as const },
  { kind: 'pageViews', description: 'PV従量料金', amount: 300, taxRate: 10 as const },
]
const doc: InvoiceDocument = {
  ...sampleInvoice('INV-202611-ABCDEFGH', lines),
  recipient: { companyName: '株式会社デモ', contactName: '山田 太郎' },
  first: true,
}

describe('invoice PDF', () => {
  it('carries every qualified-invoice item in Japanese text that survives font subsetting', async () => {
    const pdf = await renderInvoicePdf(doc)
    const { text } = await new PDFParse({ data: pdf }).getText()
    const flat = text.replace(/\s+/g, '')
    for (const expected of [
      '請求書（適格請求書）',
      '株式会社スワイプ',
      '登録番号:T7000012050002',
      '株式会社デモ御中',
      '2026年11月分',
      '10%対象（税抜）¥30,100',
      '消費税（10%）¥3,010',
      '合計（税込）¥33,110',
      'みずほ銀行',
      '最低12か月',
    ])
      expect(flat).toContain(expected.replace(/\s+/g, ''))
    expect(sha256Hex(pdf)).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe('invoice PDF: dates, corrections, void and long text (issue 30)', () => {
  const pagesOf = async (pdf: Buffer) =>
    (await new PDFParse({ data: pdf }).getText()).pages.map((p) => p.text.replace(/\s+/g, ''))

  it('shows the issue day, the billed month’s transaction day and the due date apart', async () => {
    const corrected: InvoiceDocument = {
      ...sampleInvoice('INV-202610-CORRECT1'),
      month: '2026-10',
      issuedDay: '2026-11-29',
      transactionDay: '2026-10-31',
      dueDate: '2026-12-29',
      replaces: 'INV-202610-ORIGINAL',
    }
    const [page, ...more] = await pagesOf(await renderInvoicePdf(corrected))
    expect(more).toEqual([])
    for (const expected of [
      '発行日（請求日）:2026年11月29日',
      '取引年月日:2026年10月31日（2026年10月ご利用分）',
      'お支払期限:2026年12月29日',
      '訂正元請求書番号:INV-202610-ORIGINAL',
      // The notes point at the bank details where they are: above, under お振込先.
      'お支払期限（2026年12月29日）までに、上記「お振込先」の口座へ',
      '口座名義カ）スワイプ',
    ])
      expect(page).toContain(expected)
    expect(page).not.toContain('下記口座')
    // Only the note naming the invoice it replaces speaks of 無効: no stamp, no banner.
    expect(page).not.toContain('【無効】')
    expect(page).not.toContain('無効—')
  })

  it('stamps a void invoice 無効 on every page and keeps long names whole', async () => {
    const holder = 'カブシキガイシャスワイプエルピースタジオトウキョウホンシャエイギョウブ（カ）'
    const many = Array.from({ length: 40 }, (_, i) => ({
      kind: 'plan',
      description: `長い明細の行 ${i + 1}：スタンダード 月額利用料（2026年11月分）と追加のブロックライセンス料`,
      amount: 1_234_567_890,
      taxRate: 10 as const,
    }))
    const base = sampleInvoice('INV-202611-VOIDED01', many)
    const voided: InvoiceDocument = {
      ...base,
      issuer: { ...base.issuer, bank: { ...base.issuer.bank, holder } },
      voided: { day: '2026-12-05', replacedBy: 'INV-202611-NEWONE01' },
    }
    const pages = await pagesOf(await renderInvoicePdf(voided))
    expect(pages.length).toBeGreaterThan(1)
    for (const page of pages) {
      expect(page).toContain(
        '無効—この請求書は2026年12月5日に請求書番号INV-202611-NEWONE01により訂正されました。',
      )
    }
    const all = pages.join('')
    expect(all).toContain('【無効】請求書（適格請求書）')
    expect(all).toContain(`口座名義${holder}`)
    expect(all).toContain('¥1,234,567,890')
    expect(all).toContain('本請求書は2026年12月5日に請求書番号INV-202611-NEWONE01により訂正され、無効です。')
  })
})
