import { createRequire } from 'node:module'
import { formatYen } from '@swipe/shared/billing/money'
import PDFDocument from 'pdfkit'
import { platformEnv } from '#platform/env'
import type { InvoiceDocument } from './document.ts'
import { japaneseDay, monthLabel, notesOf, transactionDayOf } from './document.ts'

export { sha256Hex } from './digest.ts'

/**
 * The invoice PDF (issue 18, Deliver 4): A4, Japanese, with Noto Sans JP embedded (pdfkit
 * subsets the TTF to the glyphs used, CJK included). `INVOICE_FONT_PATH` names the TTF where the
 * package is not beside the code (a Lambda bundle copies it); otherwise it is resolved from npm.
 */
const fontPath = (): string =>
  platformEnv().INVOICE_FONT_PATH ||
  createRequire(import.meta.url).resolve(
    '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf',
  )

/** The smallest font size a single-line cell shrinks to before it wraps instead. */
const MIN_FONT_SIZE = 7

/** Renders an issued invoice; the same document always gives the same text. */
export const renderInvoicePdf = (doc: InvoiceDocument): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const pdf = new PDFDocument({
      size: 'A4',
      margin: 48,
      // Every page is kept until the end, so a void invoice is stamped on each of them.
      bufferPages: true,
      info: {
        Title: `${doc.voided ? '【無効】' : ''}請求書 ${doc.number}`,
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
    const bottom = () => pdf.page.height - 48

    /**
     * Text in a box of `boxWidth`, never cut off: measured with the embedded font, shrunk (down to
     * `MIN_FONT_SIZE`) when a single line is asked for and does not fit, else wrapped.
     */
    const fitted = (text: string, boxWidth: number, size: number) => {
      let fit = size
      pdf.fontSize(fit)
      while (fit > MIN_FONT_SIZE && pdf.widthOfString(text) > boxWidth) {
        fit -= 0.5
        pdf.fontSize(fit)
      }
      return fit
    }
    /** Starts a new page when `height` more points would run past the bottom margin. */
    const room = (height: number) => {
      if (pdf.y + height > bottom()) {
        pdf.addPage()
        pdf.y = 48
      }
    }

    pdf
      .fontSize(20)
      .text(`${doc.voided ? '【無効】' : ''}請求書（適格請求書）`, left, 48, { width, align: 'center' })
    pdf.moveDown(0.8)
    pdf.fontSize(10)
    const header: string[] = [
      `請求書番号: ${doc.number}`,
      `発行日（請求日）: ${japaneseDay(doc.issuedDay)}`,
      `取引年月日: ${japaneseDay(doc.transactionDay ?? transactionDayOf(doc.month))}（${monthLabel(doc.month)}ご利用分）`,
      `お支払期限: ${japaneseDay(doc.dueDate)}`,
      ...(doc.replaces ? [`訂正元請求書番号: ${doc.replaces}`] : []),
    ]
    for (const line of header) pdf.text(line, left, pdf.y, { width, align: 'right' })

    const half = width / 2 - 8
    const top = pdf.y + 8
    pdf.fontSize(13).text(`${doc.recipient.companyName} 御中`, left, top, { width: half })
    pdf.fontSize(10)
    if (doc.recipient.contactName) pdf.text(`ご担当: ${doc.recipient.contactName} 様`, { width: half })
    pdf.moveDown(0.5)
    pdf.text(`件名: ${monthLabel(doc.month)}分 ご利用料金`, { width: half })
    pdf.text(`プラン: ${doc.planName}`, { width: half })
    pdf.text(`ブロック利用数: ${doc.blocksUsed}`, { width: half })
    pdf.text(
      `ページビュー: ${doc.pageViews.toLocaleString('en-US')} PV（上限 ${doc.limitAccess.toLocaleString('en-US')} PV）`,
      { width: half },
    )
    const afterRecipient = pdf.y

    const issuerLeft = left + width / 2 + 8
    pdf.fontSize(10).text(doc.issuer.name, issuerLeft, top, { width: half })
    pdf.text(`登録番号: ${doc.issuer.registrationNumber}`, { width: half })
    pdf.text(doc.issuer.address, { width: half })
    if (doc.issuer.phone) pdf.text(`TEL: ${doc.issuer.phone}`, { width: half })

    pdf.y = Math.max(afterRecipient, pdf.y) + 16
    pdf.fontSize(14).text(`ご請求金額（税込）: ${formatYen(doc.totals.total)}`, left, pdf.y, { width })
    pdf.moveDown(0.6)

    // Lines: description (wraps), rate and amount excluding tax (one line each, shrunk to fit).
    const columns = [width * 0.62, width * 0.13, width * 0.25] as const
    const row = (cells: [string, string, string], bold = false) => {
      const size = bold ? 10.5 : 10
      pdf.fontSize(size)
      room(pdf.heightOfString(cells[0], { width: columns[0] }) + 4)
      const y = pdf.y
      pdf.text(cells[0], left, y, { width: columns[0] })
      const end = pdf.y
      for (const [i, x] of [
        [1, left + columns[0]],
        [2, left + columns[0] + columns[1]],
      ] as const) {
        fitted(cells[i], columns[i], size)
        pdf.text(cells[i], x, y, { width: columns[i], align: 'right' })
      }
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
      // Label and value rows: a long bank or holder name wraps inside its column, never cut off.
      const labelWidth = 64
      const field = (label: string, value: string) => {
        pdf.fontSize(10)
        room(pdf.heightOfString(value, { width: width - labelWidth }) + 2)
        const y = pdf.y
        pdf.text(label, left, y, { width: labelWidth })
        pdf.text(value, left + labelWidth, y, { width: width - labelWidth })
        pdf.y += 2
      }
      room(60)
      pdf.fontSize(11).text('お振込先', left, pdf.y, { width })
      field('金融機関', `${b.name} ${b.branch}`)
      field('口座', `${b.accountType} ${b.number}`)
      field('口座名義', b.holder)
      pdf.moveDown(0.6)
    }
    room(40)
    pdf.fontSize(11).text('備考', left, pdf.y, { width })
    pdf.fontSize(9)
    for (const note of notesOf(doc)) {
      room(pdf.heightOfString(`・${note}`, { width }))
      pdf.text(`・${note}`, left, pdf.y, { width })
    }

    if (doc.voided) stampVoid(pdf, doc.voided)
    pdf.flushPages()
    pdf.end()
  })

/**
 * 無効 on every page of a voided invoice: a banner at the top, in words, and a large stamp across
 * the page, both text (so a reader and pdftotext see it), in red.
 */
const stampVoid = (pdf: PDFKit.PDFDocument, voided: NonNullable<InvoiceDocument['voided']>) => {
  const range = pdf.bufferedPageRange()
  for (let i = range.start; i < range.start + range.count; i++) {
    pdf.switchToPage(i)
    const { width, height } = pdf.page
    // Drawing near the page's edges must not start a new page.
    const margins = { ...pdf.page.margins }
    pdf.page.margins = { top: 0, bottom: 0, left: 0, right: 0 }
    pdf.save()
    pdf.fillColor('#c00000').fontSize(9)
    pdf.text(
      `無効 — この請求書は${japaneseDay(voided.day)}に請求書番号 ${voided.replacedBy} により訂正されました。`,
      48,
      22,
      { width: width - 96, align: 'center', lineBreak: false },
    )
    pdf.restore()
    pdf.save()
    pdf.fillColor('#c00000').fillOpacity(0.22).fontSize(150)
    pdf.rotate(-30, { origin: [width / 2, height / 2] })
    const stamp = '無効'
    pdf.text(stamp, width / 2 - pdf.widthOfString(stamp) / 2, height / 2 - 90, { lineBreak: false })
    pdf.restore()
    pdf.page.margins = margins
  }
}
