import type { Lang } from '../../pay/[token]/language';

/** The strings of the sign-in page; English defines the shape and Chinese is typed by it. */
const en = {
  title: 'Sign in',
  languageGroup: 'Language / 语言',
  lead: 'Traders, operators and merchant teams sign in here. Operators, merchant owners and developers also give the code from their authenticator app.',
  passwordChanged: 'Your password is changed and every session has ended. Sign in with the new password.',
  email: 'Email',
  password: 'Password',
  totp: 'Authenticator code or recovery code',
  totpHint: 'The 6 digits from your app, or one of your recovery codes (XXXXX-XXXXX) if you lost the phone.',
  signingIn: 'Signing in…',
  signIn: 'Sign in',
};

const zh: typeof en = {
  title: '登录',
  languageGroup: 'Language / 语言',
  lead: '承兑商、运营人员和商户团队在此登录。运营人员、商户所有者和开发者还需输入身份验证器应用中的验证码。',
  passwordChanged: '您的密码已修改，所有会话均已结束。请使用新密码登录。',
  email: '邮箱',
  password: '密码',
  totp: '验证码或恢复码',
  totpHint: '应用中的 6 位数字；如果手机丢失，可输入一个恢复码（XXXXX-XXXXX）。',
  signingIn: '正在登录…',
  signIn: '登录',
};

export const signInMessages: Record<Lang, typeof en> = { en, zh };

/**
 * Where the sign-in page keeps the language chosen with its switch: its own path and the consoles'
 * (each console reads the cookie on its own path), so the console opens in the language chosen here.
 */
export const SIGN_IN_LANG_PATHS = ['/sign-in', '/operator', '/merchant', '/trader'];
