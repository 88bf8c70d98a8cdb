import type { Lang } from '../../../pay/[token]/language';

/** The strings of the security page; English defines the shape and Chinese is typed by it. */
const en = {
  title: 'Security',
  lead: 'Recovery codes let you sign in if you lose the phone with your authenticator app: each works once, in place of the 6-digit code.',
  heading: 'Recovery codes',
  noneLeft: 'You have no unused recovery codes.',
  left: (count: number) => `${count} unused recovery ${count === 1 ? 'code' : 'codes'} left.`,
  newCodes: 'Your new codes, shown only this once.',
  newCodesHint: 'Print them or keep them in a password manager; each works once. Your earlier codes no longer work.',
  replaceTitle: 'Replace your recovery codes?',
  makeTitle: 'Make recovery codes?',
  replaceConsequence: (count: number) => `Your ${count} unused codes stop working at once, and 10 new ones are shown once.`,
  makeConsequence: '10 one-time codes are made and shown once. Keep them somewhere safe, away from your phone.',
  replaceConfirm: 'Replace codes',
  makeConfirm: 'Make codes',
  replace: 'Replace recovery codes',
  make: 'Make recovery codes',
};

const zh: typeof en = {
  title: '安全',
  lead: '恢复码可在您丢失装有身份验证器应用的手机时用于登录：每个恢复码只能使用一次，用来代替 6 位验证码。',
  heading: '恢复码',
  noneLeft: '您没有未使用的恢复码。',
  left: (count) => `还剩 ${count} 个未使用的恢复码。`,
  newCodes: '您的新恢复码，仅显示这一次。',
  newCodesHint: '请打印或保存在密码管理器中；每个只能使用一次。之前的恢复码已失效。',
  replaceTitle: '替换您的恢复码？',
  makeTitle: '生成恢复码？',
  replaceConsequence: (count) => `您未使用的 ${count} 个恢复码将立即失效，并显示一次 10 个新的恢复码。`,
  makeConsequence: '将生成 10 个一次性恢复码并仅显示一次。请妥善保存，不要与手机放在一起。',
  replaceConfirm: '替换恢复码',
  makeConfirm: '生成恢复码',
  replace: '替换恢复码',
  make: '生成恢复码',
};

export const securityMessages: Record<Lang, typeof en> = { en, zh };
