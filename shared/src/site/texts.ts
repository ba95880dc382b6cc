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
  /** A link button whose form the creator has switched off. */
  unavailable: string
  /** The consent banner of a site with ad tags (./tags-vendors.ts), and its notice page. */
  consentTitle: string
  consentBody: string
  consentAccept: string
  consentReject: string
  /** 外部送信に関する公表事項: the notice's link and title. */
  externalTransmission: string
  noticeLead: string
  noticeColumns: [service: string, recipient: string, data: string, purpose: string, policy: string]
  /** The notice page's button that lets a visitor choose again. */
  consentChange: string
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
    unavailable: '現在ご利用いただけません',
    consentTitle: '外部サービスへの情報送信について',
    consentBody:
      'このサイトは広告の効果測定と改善のため、閲覧情報を外部の事業者に送信するタグを使用します。同意いただいた場合のみ送信します。',
    consentAccept: '同意する',
    consentReject: '同意しない',
    externalTransmission: '外部送信に関する公表事項',
    noticeLead:
      'このサイトでは、以下の事業者のサービスを利用し、閲覧者の端末から情報を送信しています（電気通信事業法に基づく公表事項）。',
    noticeColumns: ['サービス', '送信先', '送信される情報', '利用目的', 'プライバシーポリシー'],
    consentChange: '同意の選択をやり直す',
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
    unavailable: 'Currently unavailable',
    consentTitle: 'Information sent to other services',
    consentBody:
      'This site uses tags that send browsing information to other companies to measure and improve its ads. They are sent only if you agree.',
    consentAccept: 'Accept',
    consentReject: 'Reject',
    externalTransmission: 'External transmission of information',
    noticeLead:
      "This site uses the following companies' services, which receive information from your device (notice under Japan's Telecommunications Business Act).",
    noticeColumns: ['Service', 'Recipient', 'Information sent', 'Purpose', 'Privacy policy'],
    consentChange: 'Change my choice',
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
    unavailable: '暂不可用',
    consentTitle: '关于向外部服务发送信息',
    consentBody: '本网站使用标签向外部企业发送浏览信息，用于衡量和改进广告效果。仅在您同意后发送。',
    consentAccept: '同意',
    consentReject: '不同意',
    externalTransmission: '关于外部发送的公示事项',
    noticeLead: '本网站使用以下企业的服务，从您的设备发送信息（依据日本《电气通信事业法》的公示事项）。',
    noticeColumns: ['服务', '接收方', '发送的信息', '使用目的', '隐私政策'],
    consentChange: '重新选择',
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
    unavailable: '현재 이용할 수 없습니다',
    consentTitle: '외부 서비스로의 정보 전송 안내',
    consentBody:
      '이 사이트는 광고 효과 측정과 개선을 위해 열람 정보를 외부 사업자에게 전송하는 태그를 사용합니다. 동의하신 경우에만 전송합니다.',
    consentAccept: '동의',
    consentReject: '동의하지 않음',
    externalTransmission: '외부 전송에 관한 공표 사항',
    noticeLead:
      '이 사이트는 다음 사업자의 서비스를 이용하여 열람자의 단말기에서 정보를 전송합니다(일본 전기통신사업법에 따른 공표 사항).',
    noticeColumns: ['서비스', '전송처', '전송되는 정보', '이용 목적', '개인정보 처리방침'],
    consentChange: '동의 선택 다시 하기',
  },
}

/** The visitor form pages' own words (SPEC §2 End-user pages, §5 messages, §8 form success). */
export interface FormTexts {
  backToSite: string
  required: string
  selectPrompt: string
  honeypot: string
  noScript: string
  sending: string
  registerTitle: string
  registerLead: string
  registerSubmit: string
  haveAccount: string
  loginTitle: string
  loginSubmit: string
  noAccount: string
  contactTitle: string
  formsTitle: string
  send: string
  agree: string
  /** SPEC §8 form success. */
  sentTitle: string
  sentText: string
  /** An entry page whose form is switched off. */
  closedTitle: string
  closedText: string
  mailTitle: string
  mailText: string
  resendTitle: string
  resendText: string
  resendSubmit: string
  resent: string
  retry: string
  confirming: string
  doneTitle: string
  doneText: string
  expiredTitle: string
  expiredText: string
  invalidTitle: string
  invalidText: string
  failedTitle: string
  tryAgain: string
  /** Messages the island shows (SPEC §5, §8). */
  errors: {
    required: string
    email: string
    mismatch: string
    agree: string
    check: string
    failed: string
    offline: string
    login: string
  }
}

export const FORM_TEXTS: Record<ContentLanguage, FormTexts> = {
  JP: {
    backToSite: 'サイトに戻る',
    required: '必須',
    selectPrompt: '選択してください',
    honeypot: 'この欄は空のままにしてください',
    noScript: 'フォームを送信するには JavaScript を有効にしてください。',
    sending: '送信中…',
    registerTitle: '会員登録',
    registerLead: '以下を入力して送信すると、登録を完了するためのメールが届きます。',
    registerSubmit: '登録する',
    haveAccount: 'すでに会員の方はこちら',
    loginTitle: 'ログイン',
    loginSubmit: 'ログイン',
    noAccount: '会員登録（無料）はこちら',
    contactTitle: 'お問い合わせ',
    formsTitle: '入力フォーム',
    send: '送信する',
    agree: '利用規約とプライバシーポリシーに同意する',
    sentTitle: '送信しました',
    sentText: '情報を送信しました。24時間以内にメールにてご連絡いたします。',
    closedTitle: '現在受け付けていません',
    closedText: 'このフォームは現在受け付けを停止しています。サイトに戻ってご覧ください。',
    mailTitle: '確認メールを送信しました',
    mailText:
      'ご入力のメールアドレスに、会員登録を完了するためのリンクをお送りしました。24時間以内にリンクを開いて登録を完了してください。',
    resendTitle: 'メールが届かない場合',
    resendText: '迷惑メールフォルダをご確認のうえ、メールアドレスを入力して再送信してください。',
    resendSubmit: 'メールを再送信する',
    resent: 'メールを再送信しました。',
    retry: 'もう一度会員登録する',
    confirming: '登録を確認しています…',
    doneTitle: '会員登録が完了しました',
    doneText: 'ログインすると会員限定コンテンツをご覧いただけます。',
    expiredTitle: 'リンクの有効期限が切れています',
    expiredText: 'メールアドレスを入力して確認メールを再送信し、24時間以内に新しいリンクを開いてください。',
    invalidTitle: 'このリンクは無効です',
    invalidText: 'すでに使用済みか、正しくないリンクです。ログインするか、もう一度会員登録してください。',
    failedTitle: '登録を確認できませんでした',
    tryAgain: 'もう一度試す',
    errors: {
      required: 'この項目は必須です。',
      email: 'メールアドレスの形式が正しくありません。',
      mismatch: 'パスワードが一致しません。',
      agree: '利用規約とプライバシーポリシーへの同意が必要です。',
      check: '入力内容をご確認ください。',
      failed: 'エラーが発生しました。もう一度お試しください。',
      offline: 'サーバーに接続できません。インターネット接続を確認するか、しばらくしてからお試しください。',
      login: 'ログインIDまたはパスワードが正しくありません。',
    },
  },
  EN: {
    backToSite: 'Back to the site',
    required: 'Required',
    selectPrompt: 'Select',
    honeypot: 'Leave this field empty',
    noScript: 'Turn on JavaScript to send this form.',
    sending: 'Sending…',
    registerTitle: 'Sign up',
    registerLead: 'Send the form and we will e-mail you a link that completes your sign-up.',
    registerSubmit: 'Sign up',
    haveAccount: 'Already a member? Log in',
    loginTitle: 'Log in',
    loginSubmit: 'Log in',
    noAccount: 'Not a member yet? Sign up (free)',
    contactTitle: 'Contact us',
    formsTitle: 'Form',
    send: 'Send',
    agree: 'I agree to the terms of use and the privacy policy',
    sentTitle: 'Sent',
    sentText: 'Your information has been sent. We will contact you by e-mail within 24 hours.',
    closedTitle: 'Not accepting entries',
    closedText: 'This form is not accepting entries at the moment. Please go back to the site.',
    mailTitle: 'Check your e-mail',
    mailText:
      'We have sent a link that completes your sign-up to the address you entered. Open it within 24 hours.',
    resendTitle: 'No e-mail?',
    resendText: 'Check your spam folder, or enter your e-mail address to get it again.',
    resendSubmit: 'Send the e-mail again',
    resent: 'We have sent the e-mail again.',
    retry: 'Sign up again',
    confirming: 'Confirming your sign-up…',
    doneTitle: 'Your sign-up is complete',
    doneText: 'Log in to see the members-only content.',
    expiredTitle: 'This link has expired',
    expiredText: 'Enter your e-mail address to get a new link, and open it within 24 hours.',
    invalidTitle: 'This link is not valid',
    invalidText: 'It has been used already or is incomplete. Log in, or sign up again.',
    failedTitle: 'We could not confirm your sign-up',
    tryAgain: 'Try again',
    errors: {
      required: 'This field is required.',
      email: 'Invalid email address.',
      mismatch: 'Passwords do not match.',
      agree: 'Please agree to the terms of use and the privacy policy.',
      check: 'Please check the fields marked below.',
      failed: 'Request error. Please try again.',
      offline: 'Cannot connect to the server. Check your internet connection or try again later.',
      login: 'The login ID or password is incorrect.',
    },
  },
  CN: {
    backToSite: '返回网站',
    required: '必填',
    selectPrompt: '请选择',
    honeypot: '请勿填写此栏',
    noScript: '请启用 JavaScript 以提交此表单。',
    sending: '正在发送…',
    registerTitle: '会员注册',
    registerLead: '提交表单后，我们会发送一封用于完成注册的邮件。',
    registerSubmit: '注册',
    haveAccount: '已经是会员？请登录',
    loginTitle: '登录',
    loginSubmit: '登录',
    noAccount: '还不是会员？免费注册',
    contactTitle: '联系我们',
    formsTitle: '填写表单',
    send: '发送',
    agree: '我同意使用条款和隐私政策',
    sentTitle: '已发送',
    sentText: '信息已发送。我们将在24小时内通过电子邮件与您联系。',
    closedTitle: '目前暂停受理',
    closedText: '此表单目前暂停受理。请返回网站浏览。',
    mailTitle: '请查收确认邮件',
    mailText: '我们已向您填写的邮箱发送了完成注册的链接。请在24小时内打开该链接完成注册。',
    resendTitle: '没有收到邮件？',
    resendText: '请检查垃圾邮件文件夹，或输入邮箱地址重新发送。',
    resendSubmit: '重新发送邮件',
    resent: '邮件已重新发送。',
    retry: '重新注册',
    confirming: '正在确认注册…',
    doneTitle: '注册已完成',
    doneText: '登录后即可查看会员专属内容。',
    expiredTitle: '链接已过期',
    expiredText: '请输入邮箱地址获取新的链接，并在24小时内打开。',
    invalidTitle: '此链接无效',
    invalidText: '该链接已被使用或不完整。请登录或重新注册。',
    failedTitle: '无法确认注册',
    tryAgain: '重试',
    errors: {
      required: '此项为必填项。',
      email: '电子邮箱地址无效。',
      mismatch: '两次输入的密码不一致。',
      agree: '请同意使用条款和隐私政策。',
      check: '请检查下方标出的项目。',
      failed: '请求出错，请重试。',
      offline: '无法连接到服务器。请检查网络连接或稍后再试。',
      login: '登录ID或密码不正确。',
    },
  },
  KR: {
    backToSite: '사이트로 돌아가기',
    required: '필수',
    selectPrompt: '선택하세요',
    honeypot: '이 칸은 비워 두세요',
    noScript: '양식을 보내려면 JavaScript를 켜 주세요.',
    sending: '보내는 중…',
    registerTitle: '회원가입',
    registerLead: '양식을 보내면 가입을 완료하는 링크를 이메일로 보내 드립니다.',
    registerSubmit: '가입하기',
    haveAccount: '이미 회원이신가요? 로그인',
    loginTitle: '로그인',
    loginSubmit: '로그인',
    noAccount: '아직 회원이 아니신가요? 무료 회원가입',
    contactTitle: '문의하기',
    formsTitle: '입력 양식',
    send: '보내기',
    agree: '이용약관 및 개인정보처리방침에 동의합니다',
    sentTitle: '전송되었습니다',
    sentText: '정보가 전송되었습니다. 24시간 이내에 이메일로 연락드리겠습니다.',
    closedTitle: '현재 접수하지 않습니다',
    closedText: '이 양식은 현재 접수를 중단했습니다. 사이트로 돌아가 주세요.',
    mailTitle: '확인 메일을 보냈습니다',
    mailText:
      '입력하신 이메일 주소로 회원가입을 완료하는 링크를 보냈습니다. 24시간 이내에 링크를 열어 주세요.',
    resendTitle: '메일이 오지 않았나요?',
    resendText: '스팸 메일함을 확인하시거나 이메일 주소를 입력해 다시 받으세요.',
    resendSubmit: '메일 다시 보내기',
    resent: '메일을 다시 보냈습니다.',
    retry: '다시 가입하기',
    confirming: '가입을 확인하는 중…',
    doneTitle: '회원가입이 완료되었습니다',
    doneText: '로그인하면 회원 전용 콘텐츠를 볼 수 있습니다.',
    expiredTitle: '링크가 만료되었습니다',
    expiredText: '이메일 주소를 입력해 새 링크를 받고 24시간 이내에 열어 주세요.',
    invalidTitle: '유효하지 않은 링크입니다',
    invalidText: '이미 사용되었거나 올바르지 않은 링크입니다. 로그인하거나 다시 가입해 주세요.',
    failedTitle: '가입을 확인하지 못했습니다',
    tryAgain: '다시 시도',
    errors: {
      required: '필수 항목입니다.',
      email: '이메일 주소 형식이 올바르지 않습니다.',
      mismatch: '비밀번호가 일치하지 않습니다.',
      agree: '이용약관 및 개인정보처리방침에 동의해 주세요.',
      check: '아래 표시된 항목을 확인해 주세요.',
      failed: '요청 중 오류가 발생했습니다. 다시 시도해 주세요.',
      offline: '서버에 연결할 수 없습니다. 인터넷 연결을 확인하거나 잠시 후 다시 시도해 주세요.',
      login: '로그인 ID 또는 비밀번호가 올바르지 않습니다.',
    },
  },
}
