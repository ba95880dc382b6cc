import type { ContentLanguage } from './languages.ts'

/** The visitor page's own words, per content language. Creator texts never come from here. */
export interface PageTexts {
  taxIncluded: string
  language: string
  menu: string
  close: string
  companyInfo: string
  companyTabs: [profile: string, clause: string, terms: string, privacy: string]
  website: string
  membersOnly: string
  membersInvite: string
  register: string
  login: string
  left: string
  right: string
  up: string
  down: string
  learnMore: string
  link: string
  product: string
  pauseVideo: string
  playVideo: string
  slots: string
  /** An applicant-limit CTA whose last slot someone else took. */
  ctaFull: string
  creatives: string
  noContent: string
  phone: string
}

export const PAGE_TEXTS: Record<ContentLanguage, PageTexts> = {
  JP: {
    taxIncluded: '（税込）',
    language: '言語',
    menu: 'メニュー',
    close: '閉じる',
    companyInfo: '会社情報',
    companyTabs: ['会社概要', '特定商取引法に基づく表記', '利用規約', 'プライバシーポリシー'],
    website: 'ウェブサイト',
    membersOnly: '会員限定コンテンツです',
    membersInvite: '会員登録（無料）をすると閲覧できます。',
    register: '会員登録する',
    login: 'ログイン',
    left: '前へ',
    right: '次へ',
    up: '上へ',
    down: '下へ',
    learnMore: '詳しく見る',
    link: 'リンク',
    product: '商品',
    pauseVideo: '動画を一時停止',
    playVideo: '動画を再生',
    slots: '残り{n}枠',
    ctaFull: '受付は終了しました',
    creatives: 'クリエイティブ',
    noContent: '準備中です',
    phone: '電話をかける',
  },
  EN: {
    taxIncluded: ' (tax incl.)',
    language: 'Language',
    menu: 'Menu',
    close: 'Close',
    companyInfo: 'Company information',
    companyTabs: ['Company profile', 'Specified commercial transactions', 'Terms of use', 'Privacy policy'],
    website: 'Website',
    membersOnly: 'Members-only content',
    membersInvite: 'Sign up as a member (free) to see it.',
    register: 'Sign up',
    login: 'Log in',
    left: 'Previous',
    right: 'Next',
    up: 'Up',
    down: 'Down',
    learnMore: 'Learn more',
    link: 'Link',
    product: 'Product',
    pauseVideo: 'Pause video',
    playVideo: 'Play video',
    slots: '{n} spots left',
    ctaFull: 'This offer is full',
    creatives: 'Creatives',
    noContent: 'Coming soon',
    phone: 'Call',
  },
  CN: {
    taxIncluded: '（含税）',
    language: '语言',
    menu: '菜单',
    close: '关闭',
    companyInfo: '公司信息',
    companyTabs: ['公司简介', '特定商业交易法标示', '使用条款', '隐私政策'],
    website: '网站',
    membersOnly: '会员专属内容',
    membersInvite: '注册会员（免费）后即可查看。',
    register: '注册会员',
    login: '登录',
    left: '上一个',
    right: '下一个',
    up: '向上',
    down: '向下',
    learnMore: '了解详情',
    link: '链接',
    product: '商品',
    pauseVideo: '暂停视频',
    playVideo: '播放视频',
    slots: '剩余{n}个名额',
    ctaFull: '名额已满',
    creatives: '内容',
    noContent: '准备中',
    phone: '拨打电话',
  },
  KR: {
    taxIncluded: ' (세금 포함)',
    language: '언어',
    menu: '메뉴',
    close: '닫기',
    companyInfo: '회사 정보',
    companyTabs: ['회사 개요', '특정상거래법에 따른 표기', '이용약관', '개인정보처리방침'],
    website: '웹사이트',
    membersOnly: '회원 전용 콘텐츠입니다',
    membersInvite: '회원가입(무료) 후 볼 수 있습니다.',
    register: '회원가입',
    login: '로그인',
    left: '이전',
    right: '다음',
    up: '위로',
    down: '아래로',
    learnMore: '자세히 보기',
    link: '링크',
    product: '상품',
    pauseVideo: '동영상 일시정지',
    playVideo: '동영상 재생',
    slots: '남은 자리 {n}개',
    ctaFull: '마감되었습니다',
    creatives: '콘텐츠',
    noContent: '준비 중입니다',
    phone: '전화 걸기',
  },
}
