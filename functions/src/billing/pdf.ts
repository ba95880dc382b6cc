import { createRequire } from 'node:module'
import { formatYen } from '@swipe/shared/billing/money'
import PDFDocument from 'pdfkit'
import type { InvoiceDocument } from './document.ts'
import { notesOf } from './document.ts'

export { sha256Hex } from './digest.ts'

/**
 * The invoice PDF (issue 18, Deliver 4): A4, Japanese, with Noto Sans JP embedded (pdfkit
 * subsets the TTF to the glyphs used, CJK included). `INVOICE_FONT_PATH` names the TTF where the
 * package is not beside the code (a Lambda bundle copies it); otherwise it is resolved from npm.
 */
const fontPath = (): string =>
  process.env.INVOICE_FONT_PATH ||
  createRequire(import.meta.url).resolve(
    '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  )

const day = (iso: string) =>
  iso.replace(/^(\d{4})-(\d{2})-(\d{2})$/, (_, y, m, d) => `${y}年${Number(m)}月${Number(d)}日`)

/** Renders an issued invoice; the same document always gives the same text. */
export const renderInvoicePdf = (doc: InvoiceDocument): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      margin: 48,
      info: {
        Title: `請求書 ${doc.number}`,
        Author: doc.issuer.name,
        CreationDate: new Date(`${doc.issuedDay}T00:00:00+09:00`),
      },
    })
    const chunks: Buffer[] = []
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
    pdf.registerFont('jp', fontPath())
    pdf.font('jp')

    const left = 48
    const right = pdf.page.width - 48
    const width = right - left

    pdf.fontSize(20).text('請求書（適格請求書）', left, 48, { width, align: 'center' })
    pdf.moveDown(0.8)
    pdf.fontSize(10)
    pdf.text(`請求書番号: ${doc.number}`, { width, align: 'right' })
    pdf.text(`請求日（取引年月日）: ${day(doc.issuedDay)}`, { width, align: 'right' })
    pdf.text(`お支払期限: ${day(doc.dueDate)}`, { width, align: 'right' })
    if (doc.replaces) pdf.text(`訂正元請求書番号: ${doc.replaces}`, { width, align: 'right' })

    const top = pdf.y + 8
    pdf.fontSize(13).text(`${doc.recipient.companyName} 御中`, left, top, { width: width / 2 })
    pdf.fontSize(10)
    if (doc.recipient.contactName) pdf.text(`ご担当: ${doc.recipient.contactName} 様`, { width: width / 2 })
    pdf.moveDown(0.5)
    pdf.text(`件名: ${doc.month.slice(0, 4)}年${Number(doc.month.slice(5, 7))}月分 ご利用料金`, {
      width: width / 2,
    })
    pdf.text(`プラン: ${doc.planName}`, { width: width / 2 })
    pdf.text(`ブロック利用数: ${doc.blocksUsed}`, { width: width / 2 })
    pdf.text(
      `ページビュー: ${doc.pageViews.toLocaleString('en-US')} PV（上限 ${doc.limitAccess.toLocaleString('en-US')} PV）`,
      {
        width: width / 2,
      },
    )
    const afterRecipient = pdf.y

    pdf.fontSize(10).text(doc.issuer.name, left + width / 2 + 16, top, { width: width / 2 - 16 })
    pdf.text(`登録番号: ${doc.issuer.registrationNumber}`, { width: width / 2 - 16 })
    pdf.text(doc.issuer.address, { width: width / 2 - 16 })
    if (doc.issuer.phone) pdf.text(`TEL: ${doc.issuer.phone}`, { width: width / 2 - 16 })

    pdf.y = Math.max(afterRecipient, pdf.y) + 16
    pdf.fontSize(14).text(`ご請求金額（税込）: ${formatYen(doc.totals.total)}`, left, pdf.y, { width })
    pdf.moveDown(0.6)

    // Lines: description, rate, amount excluding tax.
    pdf.fontSize(10)
    const row = (cells: [string, string, string], bold = false) => {
      const y = pdf.y
      pdf.fontSize(bold ? 10.5 : 10)
      pdf.text(cells[0], left, y, { width: width * 0.62 })
      const end = pdf.y
      pdf.text(cells[1], left + width * 0.62, y, { width: width * 0.13, align: 'right' })
      pdf.text(cells[2], left + width * 0.75, y, { width: width * 0.25, align: 'right' })
      pdf.y = Math.max(end, pdf.y) + 4
      pdf.x = left
    }
    const rule = () => {
      pdf.moveTo(left, pdf.y).lineTo(right, pdf.y).lineWidth(0.5).stroke()
      pdf.y += 4
    }
    row(['内容', '税率', '金額（税抜）'], true)
    rule()
    for (const line of doc.lines) row([line.description, `${line.taxRate}%`, formatYen(line.amount)])
    rule()
    row(['小計（税抜）', '', formatYen(doc.totals.subtotal)])
    for (const rate of doc.totals.byRate) {
      row([`${rate.taxRate}%対象（税抜）`, '', formatYen(rate.taxable)])
      row([`消費税（${rate.taxRate}%）`, '', formatYen(rate.tax)])
    }
    row(['消費税合計', '', formatYen(doc.totals.tax)])
    rule()
    row(['合計（税込）', '', formatYen(doc.totals.total)], true)

    pdf.moveDown(1)
    if (doc.billingMethod === 'BANK_TRANSFER') {
      const b = doc.issuer.bank
      pdf.fontSize(11).text('お振込先', left, pdf.y, { width })
      pdf.fontSize(10)
      pdf.text(`${b.name} ${b.branch} ${b.accountType} ${b.number}`, { width })
      pdf.text(`口座名義: ${b.holder}`, { width })
      pdf.moveDown(0.6)
    }
    pdf.fontSize(11).text('備考', left, pdf.y, { width })
    pdf.fontSize(9)
    for (const note of notesOf(doc)) pdf.text(`・${note}`, { width })
    pdf.end()
  })
