import { describe, expect, it } from 'vitest'
import { bottomBarShows } from './bottom-bar.ts'
import { disabledFormLinks } from './form-links.ts'

const forms = (on: { contact?: boolean; homepage?: boolean; membership?: boolean }) => ({
  contact: { enabled: on.contact ?? false },
  homepage: { enabled: on.homepage ?? false },
  membership: { enabled: on.membership ?? false },
})

describe('disabledFormLinks', () => {
  it('lists every internal link whose form is off in its language, and nothing else', () => {
    const found = disabledFormLinks({
      languages: ['JP', 'EN'],
      popupCtas: [
        { linkUrl: 'membership', isInternalLink: true },
        { linkUrl: 'https://example.com', isInternalLink: false },
      ],
      creatives: [
        { lang: 'JP', position: 'B1', linkDestinationUrl: 'contact', isInternalLink: true },
        {
          lang: 'JP',
          position: 'A1',
          linkDestinationUrl: 'form',
          isInternalLink: true,
          products: [{ linkButtonUrl: 'contact', isInternalLink: true }],
          imageLinkPoints: [
            { linkUrl: 'https://example.com', isInternalLink: false },
            { linkUrl: 'contact', isInternalLink: true },
          ],
        },
        // An external link that happens to read "contact" is not a form link.
        { lang: 'EN', position: 'A1', linkDestinationUrl: 'contact', isInternalLink: false },
        { lang: 'EN', position: 'A2', linkDestinationUrl: 'contact', isInternalLink: true },
        // A language the site no longer has is not published.
        { lang: 'KR', position: 'A1', linkDestinationUrl: 'contact', isInternalLink: true },
      ],
      settings: [
        { lang: 'JP', forms: forms({ homepage: true }) },
        { lang: 'EN', forms: forms({ contact: true, membership: true }) },
      ],
    })
    expect(found).toEqual([
      { lang: 'JP', place: 'product', position: 'A1', index: 0, target: 'contact', form: 'contact' },
      { lang: 'JP', place: 'point', position: 'A1', index: 1, target: 'contact', form: 'contact' },
      { lang: 'JP', place: 'creative', position: 'B1', target: 'contact', form: 'contact' },
      { lang: 'JP', place: 'cta', index: 0, target: 'membership', form: 'membership' },
    ])
  })

  it('counts a language without settings as having every form off', () => {
    expect(
      disabledFormLinks({
        languages: ['JP'],
        creatives: [{ lang: 'JP', position: 'A1', linkDestinationUrl: 'form', isInternalLink: true }],
        settings: [],
      }),
    ).toEqual([{ lang: 'JP', place: 'creative', position: 'A1', target: 'form', form: 'homepage' }])
  })
})

describe('bottomBarShows', () => {
  it("follows the language's default unless the creative chooses, and shows by default", () => {
    expect(bottomBarShows({}, undefined)).toEqual({ sns: true, company: true })
    expect(
      bottomBarShows({ snsConfig: null }, { showSnsByDefault: false, showCompanyByDefault: true }),
    ).toEqual({
      sns: false,
      company: true,
    })
    expect(
      bottomBarShows(
        { snsConfig: true, showCompany: false },
        { showSnsByDefault: false, showCompanyByDefault: true },
      ),
    ).toEqual({ sns: true, company: false })
  })
})
