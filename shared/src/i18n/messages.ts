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
