import type { PageModel } from '../model.ts'

/**
 * The consent banner of a site with ad tags (shared/src/site/tags-vendors.ts): what is sent, a link
 * to the external-transmission notice, and "reject" as easy to reach as "accept" — two buttons of the
 * same size and weight, side by side. Rendered hidden: the island shows it to a visitor who has not
 * chosen yet (client/consent.ts), stores the choice and tells the tags file, which loads no vendor
 * before "accept". A creator who chose notice-only (non-personal tags) gets no banner, only the
 * notice's links.
 */
export const ConsentBanner = ({ model }: { model: PageModel }) => {
  if (model.tags?.consent !== 'opt-in') return null
  const t = model.texts
  return (
    <section className="cs" id="cs" aria-labelledby="cs-h" hidden>
      <h2 id="cs-h">{t.consentTitle}</h2>
      <p>
        {t.consentBody} <NoticeLink notice={model.tags.notice} label={t.externalTransmission} />
      </p>
      <div className="cs-b">
        <button type="button" data-consent="denied">
          {t.consentReject}
        </button>
        <button type="button" data-consent="granted">
          {t.consentAccept}
        </button>
      </div>
    </section>
  )
}

/** The banner's look: a sheet at the foot of the screen, above the grid, both buttons alike. */
export const CONSENT_CSS =
  '.cs{position:fixed;left:8px;right:8px;bottom:8px;z-index:60;max-width:560px;margin:0 auto;padding:14px 16px;background:#fff;color:#202020;border-radius:12px;box-shadow:0 4px 24px rgba(0,0,0,.35);font-size:13px;line-height:1.5}' +
  '.cs[hidden]{display:none}.cs h2{margin:0 0 6px;font-size:15px}.cs p{margin:0 0 10px}.cs a{color:#0b57d0}' +
  '.cs-b{display:flex;gap:8px}.cs-b button{flex:1;min-height:44px;border:1px solid #202020;border-radius:8px;background:#fff;color:#202020;font:inherit;font-weight:700;cursor:pointer}'

/** The notice's link, where the bottom bar and the company modal show it. */
export const NoticeLink = ({ notice, label }: { notice: string; label: string }) => (
  <a href={notice}>{label}</a>
)

/**
 * 外部送信に関する公表事項 (Japan's Telecommunications Business Act, art. 27-12): one page per language,
 * generated from the enabled tags — what is sent, to whom, for what, and their policy — with a way
 * back to the swipe page that opens the banner again (`#consent`).
 */
export const NoticePage = ({ model, siteName }: { model: PageModel; siteName: string }) => {
  if (!model.tags) return null
  const t = model.texts
  const [service, recipient, data, purpose, policy] = t.noticeColumns
  return (
    <html lang={model.htmlLang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{`${t.externalTransmission} | ${siteName}`}</title>
        <style>
          {
            'body{font-family:system-ui,sans-serif;color:#202020;margin:0 auto;max-width:960px;padding:16px;line-height:1.6}table{border-collapse:collapse;width:100%;font-size:14px}th,td{border:1px solid #ccc;padding:8px;text-align:left;vertical-align:top}th{background:#f4f4f4}ul{margin:0;padding-left:1.2em}@media(max-width:640px){table,thead,tbody,tr,th,td{display:block}thead{display:none}td{border:0;padding:4px 0}tr{border-bottom:1px solid #ccc;padding:8px 0}td::before{content:attr(data-h);display:block;font-weight:700}}'
          }
        </style>
      </head>
      <body>
        <h1>{t.externalTransmission}</h1>
        <p>{t.noticeLead}</p>
        <table>
          <thead>
            <tr>
              <th scope="col">{service}</th>
              <th scope="col">{recipient}</th>
              <th scope="col">{data}</th>
              <th scope="col">{purpose}</th>
              <th scope="col">{policy}</th>
            </tr>
          </thead>
          <tbody>
            {model.tags.rows.map((row) => (
              <tr key={row.vendor} data-vendor={row.vendor}>
                <td data-h={service}>{row.service}</td>
                <td data-h={recipient}>{row.recipient}</td>
                <td data-h={data}>
                  <ul>
                    {row.data.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                </td>
                <td data-h={purpose}>{row.purpose}</td>
                <td data-h={policy}>
                  <a href={row.policyUrl} rel="noopener noreferrer">
                    {row.policyUrl}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>
          <a href={`${model.home}${model.tags.consent === 'opt-in' ? '#consent' : ''}`}>
            {model.tags.consent === 'opt-in' ? t.consentChange : siteName}
          </a>
        </p>
      </body>
    </html>
  )
}
