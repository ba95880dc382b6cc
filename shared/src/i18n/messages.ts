import type { Locale } from './locales.ts'
import { FALLBACK_LOCALE } from './locales.ts'

/**
 * Messages the API and the screens share: validation and error texts (SPEC §5, §8).
 * Keys are stable; the API returns the key as `code` and the localised text as `message`.
 */
const en = {
  'validation.required': 'This field is required.',
  'validation.email': 'Invalid email address.',
  'validation.url': 'Invalid URL.',
  'validation.tooLong': 'Please enter at most {max} characters.',
  'validation.invalid': 'The value is not valid.',
  'validation.passwordLength': 'The password must be 8 to 20 characters.',
  'validation.passwordRule':
    'The password needs a lowercase letter, an uppercase letter, a digit and a symbol, with no spaces.',
  'validation.passwordMismatch': 'Passwords do not match.',
  'validation.color': 'Enter a colour as hex (#RGB or #RRGGBB), rgb(a) or hsl(a).',
  'error.badRequest': 'The request is not valid.',
  'error.validation': 'Some fields are not valid.',
  'error.unauthorized': 'Your session has ended. Please sign in again.',
  'error.forbidden': 'You do not have permission for this action.',
  'error.notFound': 'The page or item was not found.',
  'error.routeNotFound': 'No such API endpoint.',
  'error.conflict': 'Another change was saved in the meantime. Reload to see it.',
  'error.tooManyRequests': 'Too many requests. Please wait a moment and try again.',
  'error.payloadTooLarge': 'The request is too large.',
  'error.internal': 'An error occurred. Please reload and try again.',
  'error.unavailable': 'The service is temporarily unavailable. Please try again later.',
  'upload.unsupportedType': 'The file "{file}" is not a supported type.',
  'upload.tooLarge': 'The file "{file}" is larger than {maxMb} MB.',
  'upload.contentMismatch': 'The content of "{file}" does not match its file type.',
  'upload.missing': 'The uploaded file "{file}" was not found.',
  'auth.loginFailed': 'The login ID or password is incorrect.',
  'auth.locked': 'Too many failed sign-ins. Please try again in {minutes} minutes.',
  'auth.resetRequested':
    'If an account exists for this email address, we have sent a link to reset the password.',
  'auth.resetTokenInvalid': 'This link is invalid or has expired. Please request a new one.',
  'auth.passwordReset': 'Your password has been reset. Please sign in with the new password.',
  'auth.passwordChanged': 'Your password has been changed.',
  'auth.wrongPassword': 'The current password is incorrect.',
  'auth.sessionExpired': 'This step has expired. Please sign in again.',
  'auth.resetMailSubject': 'Reset your Swipe LP Studio password',
  'auth.resetMailBody':
    'We received a request to reset the password for {email}.\n\nOpen this link within 60 minutes to set a new password:\n{link}\n\nIf you did not ask for this, you can ignore this email.',
  'error.accountSuspended': 'This account is suspended. Please contact your administrator.',
  'error.accountTerminated': 'This account has been terminated and can no longer be used.',
  'error.accountInactive': 'This account has no active contract. Please contact your administrator.',
} as const

export type MessageKey = keyof typeof en
type Catalog = Record<MessageKey, string>

const ja: Catalog = {
  'validation.required': 'この項目は必須です。',
  'validation.email': 'メールアドレスの形式が正しくありません。',
  'validation.url': 'URLの形式が正しくありません。',
  'validation.tooLong': '{max}文字以内で入力してください。',
  'validation.invalid': '入力値が正しくありません。',
  'validation.passwordLength': 'パスワードは8〜20文字で入力してください。',
  'validation.passwordRule':
    'パスワードには英小文字・英大文字・数字・記号をそれぞれ1文字以上含め、空白は使えません。',
  'validation.passwordMismatch': 'パスワードが一致しません。',
  'validation.color': '色は16進数(#RGB / #RRGGBB)、rgb(a)、hsl(a)で入力してください。',
  'error.badRequest': 'リクエストが正しくありません。',
  'error.validation': '入力内容に誤りがあります。',
  'error.unauthorized': 'セッションが切れました。もう一度ログインしてください。',
  'error.forbidden': 'この操作を行う権限がありません。',
  'error.notFound': 'ページまたはデータが見つかりません。',
  'error.routeNotFound': 'このAPIエンドポイントは存在しません。',
  'error.conflict': '他の変更が先に保存されました。再読み込みして確認してください。',
  'error.tooManyRequests': 'リクエストが多すぎます。しばらくしてから再度お試しください。',
  'error.payloadTooLarge': 'リクエストが大きすぎます。',
  'error.internal': 'エラーが発生しました。再読み込みしてもう一度お試しください。',
  'error.unavailable': 'サービスが一時的に利用できません。しばらくしてから再度お試しください。',
  'upload.unsupportedType': 'ファイル「{file}」は対応していない形式です。',
  'upload.tooLarge': 'ファイル「{file}」が上限の{maxMb}MBを超えています。',
  'upload.contentMismatch': 'ファイル「{file}」の内容がファイル形式と一致しません。',
  'upload.missing': 'アップロードされたファイル「{file}」が見つかりません。',
  'auth.loginFailed': 'ログインIDまたはパスワードが正しくありません。',
  'auth.locked':
    'ログインの失敗が続いたため、一時的にロックしています。{minutes}分後にもう一度お試しください。',
  'auth.resetRequested':
    'このメールアドレスのアカウントが存在する場合、パスワード再設定用のリンクを送信しました。',
  'auth.resetTokenInvalid': 'このリンクは無効か有効期限が切れています。もう一度再設定をお申し込みください。',
  'auth.passwordReset': 'パスワードを再設定しました。新しいパスワードでログインしてください。',
  'auth.passwordChanged': 'パスワードを変更しました。',
  'auth.wrongPassword': '現在のパスワードが正しくありません。',
  'auth.sessionExpired': '有効期限が切れました。もう一度ログインしてください。',
  'auth.resetMailSubject': '【Swipe LP Studio】パスワード再設定のご案内',
  'auth.resetMailBody':
    '{email} のパスワード再設定のリクエストを受け付けました。\n\n60分以内に次のリンクを開き、新しいパスワードを設定してください。\n{link}\n\nお心当たりがない場合は、このメールを破棄してください。',
  'error.accountSuspended': 'このアカウントは一時停止中です。管理者にお問い合わせください。',
  'error.accountTerminated': 'このアカウントは解約済みのため、ご利用いただけません。',
  'error.accountInactive': 'このアカウントには有効な契約がありません。管理者にお問い合わせください。',
}

const zh: Catalog = {
  'validation.required': '此项为必填项。',
  'validation.email': '电子邮件地址无效。',
  'validation.url': 'URL 无效。',
  'validation.tooLong': '最多输入 {max} 个字符。',
  'validation.invalid': '输入值无效。',
  'validation.passwordLength': '密码长度须为 8 至 20 个字符。',
  'validation.passwordRule': '密码须包含小写字母、大写字母、数字和符号各至少一个，且不能有空格。',
  'validation.passwordMismatch': '两次输入的密码不一致。',
  'validation.color': '颜色请使用十六进制(#RGB 或 #RRGGBB)、rgb(a) 或 hsl(a)。',
  'error.badRequest': '请求无效。',
  'error.validation': '部分字段无效。',
  'error.unauthorized': '会话已结束，请重新登录。',
  'error.forbidden': '您没有执行此操作的权限。',
  'error.notFound': '未找到页面或数据。',
  'error.routeNotFound': '不存在此 API 端点。',
  'error.conflict': '其他更改已先保存。请重新加载查看。',
  'error.tooManyRequests': '请求过多，请稍后再试。',
  'error.payloadTooLarge': '请求过大。',
  'error.internal': '发生错误。请重新加载后重试。',
  'error.unavailable': '服务暂时不可用，请稍后再试。',
  'upload.unsupportedType': '文件“{file}”的格式不受支持。',
  'upload.tooLarge': '文件“{file}”超过了 {maxMb} MB 的上限。',
  'upload.contentMismatch': '文件“{file}”的内容与其文件类型不符。',
  'upload.missing': '未找到上传的文件“{file}”。',
  'auth.loginFailed': '登录 ID 或密码不正确。',
  'auth.locked': '登录失败次数过多，请在 {minutes} 分钟后重试。',
  'auth.resetRequested': '如果该电子邮件地址存在对应的账户，我们已发送重置密码的链接。',
  'auth.resetTokenInvalid': '此链接无效或已过期。请重新申请。',
  'auth.passwordReset': '密码已重置。请使用新密码登录。',
  'auth.passwordChanged': '密码已更改。',
  'auth.wrongPassword': '当前密码不正确。',
  'auth.sessionExpired': '此步骤已过期。请重新登录。',
  'auth.resetMailSubject': '【Swipe LP Studio】重置密码',
  'auth.resetMailBody':
    '我们收到了重置 {email} 密码的请求。\n\n请在 60 分钟内打开以下链接设置新密码：\n{link}\n\n如果这不是您本人的操作，请忽略此邮件。',
  'error.accountSuspended': '此账户已暂停。请联系管理员。',
  'error.accountTerminated': '此账户已解约，无法再使用。',
  'error.accountInactive': '此账户没有有效的合同。请联系管理员。',
}

const ko: Catalog = {
  'validation.required': '필수 항목입니다.',
  'validation.email': '이메일 주소 형식이 올바르지 않습니다.',
  'validation.url': 'URL 형식이 올바르지 않습니다.',
  'validation.tooLong': '{max}자 이내로 입력해 주세요.',
  'validation.invalid': '입력값이 올바르지 않습니다.',
  'validation.passwordLength': '비밀번호는 8~20자로 입력해 주세요.',
  'validation.passwordRule':
    '비밀번호에는 영문 소문자, 대문자, 숫자, 기호를 각각 1자 이상 포함해야 하며 공백은 사용할 수 없습니다.',
  'validation.passwordMismatch': '비밀번호가 일치하지 않습니다.',
  'validation.color': '색상은 16진수(#RGB / #RRGGBB), rgb(a), hsl(a) 형식으로 입력해 주세요.',
  'error.badRequest': '요청이 올바르지 않습니다.',
  'error.validation': '입력 내용에 오류가 있습니다.',
  'error.unauthorized': '세션이 만료되었습니다. 다시 로그인해 주세요.',
  'error.forbidden': '이 작업을 수행할 권한이 없습니다.',
  'error.notFound': '페이지 또는 데이터를 찾을 수 없습니다.',
  'error.routeNotFound': '존재하지 않는 API 엔드포인트입니다.',
  'error.conflict': '다른 변경 사항이 먼저 저장되었습니다. 새로고침하여 확인해 주세요.',
  'error.tooManyRequests': '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
  'error.payloadTooLarge': '요청이 너무 큽니다.',
  'error.internal': '오류가 발생했습니다. 새로고침 후 다시 시도해 주세요.',
  'error.unavailable': '서비스를 일시적으로 사용할 수 없습니다. 잠시 후 다시 시도해 주세요.',
  'upload.unsupportedType': '파일 "{file}"은(는) 지원하지 않는 형식입니다.',
  'upload.tooLarge': '파일 "{file}"이(가) 최대 {maxMb}MB를 초과합니다.',
  'upload.contentMismatch': '파일 "{file}"의 내용이 파일 형식과 일치하지 않습니다.',
  'upload.missing': '업로드된 파일 "{file}"을(를) 찾을 수 없습니다.',
  'auth.loginFailed': '로그인 ID 또는 비밀번호가 올바르지 않습니다.',
  'auth.locked': '로그인 실패가 계속되어 일시적으로 잠겼습니다. {minutes}분 후에 다시 시도해 주세요.',
  'auth.resetRequested': '이 이메일 주소의 계정이 존재하는 경우 비밀번호 재설정 링크를 보냈습니다.',
  'auth.resetTokenInvalid': '이 링크는 유효하지 않거나 만료되었습니다. 다시 신청해 주세요.',
  'auth.passwordReset': '비밀번호를 재설정했습니다. 새 비밀번호로 로그인해 주세요.',
  'auth.passwordChanged': '비밀번호를 변경했습니다.',
  'auth.wrongPassword': '현재 비밀번호가 올바르지 않습니다.',
  'auth.sessionExpired': '유효 시간이 지났습니다. 다시 로그인해 주세요.',
  'auth.resetMailSubject': '[Swipe LP Studio] 비밀번호 재설정 안내',
  'auth.resetMailBody':
    '{email}의 비밀번호 재설정 요청을 받았습니다.\n\n60분 이내에 다음 링크를 열어 새 비밀번호를 설정해 주세요.\n{link}\n\n요청하지 않으셨다면 이 메일을 무시하셔도 됩니다.',
  'error.accountSuspended': '이 계정은 일시 정지되었습니다. 관리자에게 문의해 주세요.',
  'error.accountTerminated': '이 계정은 해지되어 더 이상 사용할 수 없습니다.',
  'error.accountInactive': '이 계정에는 유효한 계약이 없습니다. 관리자에게 문의해 주세요.',
}

export const messages: Record<Locale, Catalog> = { ja, en, zh, ko }

export const isMessageKey = (key: string): key is MessageKey => key in en

/** Localises a message key, filling `{name}` placeholders; unknown keys come back unchanged. */
export const translate = (
  locale: Locale,
  key: string,
  params: Record<string, string | number> = {},
): string => {
  const template = isMessageKey(key) ? (messages[locale][key] ?? messages[FALLBACK_LOCALE][key]) : key
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  )
}
