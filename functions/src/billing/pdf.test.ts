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
