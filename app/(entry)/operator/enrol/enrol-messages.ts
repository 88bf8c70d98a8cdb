import type { Lang } from '../../../pay/[token]/language';

/** The strings of the operator's second-factor enrolment; English defines the shape and Chinese is typed by it. */
const en = {
  title: 'Set up your second factor',
  lead: 'Operators sign in with a code from an authenticator app. Add Corridor to yours with the key below, then enter the 6-digit code it shows.',
  making: 'Making your key…',
  step1: '1. Add the key to your app',
  step1Scan: 'Scan this code with your authenticator app:',
  qrCode: 'QR code of the setup link for your authenticator app',
  step1Text: 'Or choose “enter a setup key” and type or paste this key (time-based, 6 digits, 30 seconds):',
  setupKey: 'Setup key',
  copyKey: 'Copy key',
  copied: 'Copied',
  setupLinkSummary: 'Setup link (otpauth)',
  setupLink: 'Setup link',
  step2: '2. Enter the code',
  code: '6-digit code',
  confirm: 'Confirm and open the console',
  confirming: 'Confirming…',
};

const zh: typeof en = {
  title: '设置两步验证',
  lead: '运营人员登录时需要输入身份验证器应用中的验证码。请用下面的密钥将 Corridor 添加到您的应用中，然后输入应用显示的 6 位验证码。',
  making: '正在生成密钥…',
  step1: '1. 将密钥添加到应用',
  step1Scan: '用身份验证器应用扫描此二维码：',
  qrCode: '身份验证器应用设置链接的二维码',
  step1Text: '或选择“输入设置密钥”，输入或粘贴以下密钥（基于时间，6 位，30 秒）：',
  setupKey: '设置密钥',
  copyKey: '复制密钥',
  copied: '已复制',
  setupLinkSummary: '设置链接（otpauth）',
  setupLink: '设置链接',
  step2: '2. 输入验证码',
  code: '6 位验证码',
  confirm: '确认并进入后台',
  confirming: '正在确认…',
};

export const enrolMessages: Record<Lang, typeof en> = { en, zh };
