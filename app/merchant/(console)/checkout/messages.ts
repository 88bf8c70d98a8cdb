import type { MerchantLang } from '../../_components/messages';

const en = {
  title: 'Checkout',
  lead: 'What buyers see on your checkout page. Changes apply to every open checkout at its next load.',
  displayName: 'Display name',
  displayNameHint: (merchantName: string) => `Up to 60 characters. Empty: your merchant name (${merchantName}).`,
  accent: 'Accent colour',
  accentHint: 'Like #1849c6. Empty: Corridor’s blue. The text on it is black or white, whichever reads better.',
  askPayerName: 'Ask the buyer for the name on the account they paid from',
  askPayerNameHint: 'Optional for the buyer; stored encrypted and shown only to the trader of that pay-in.',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Saved.',
  preview: 'Preview',
  previewButton: 'I Have Paid',
  logo: 'Logo',
  logoHint: 'PNG, JPEG or WebP, at most 5 MB; shrunk to fit 128x128 px.',
  uploadLogo: 'Upload logo',
  removeLogo: 'Remove logo',
  confirmRemove: 'Remove the logo from your checkout?',
  yesRemove: 'Yes, remove',
  cancel: 'Keep it',
  chooseFile: 'Choose an image first.',
  logoSaved: 'Logo saved.',
  logoRemoved: 'Logo removed.',
  loading: 'Loading…',
};

export type CheckoutSettingsMessages = typeof en;

const zh: CheckoutSettingsMessages = {
  title: '收银台',
  lead: '买家在收银台页面看到的内容。修改在每个已打开的收银台下次加载时生效。',
  displayName: '显示名称',
  displayNameHint: (merchantName) => `最多 60 个字符。留空则使用商户名称（${merchantName}）。`,
  accent: '主题色',
  accentHint: '例如 #1849c6。留空则使用 Corridor 蓝色。色块上的文字自动选用黑色或白色，以保证可读。',
  askPayerName: '询问买家付款账户的户名',
  askPayerNameHint: '买家可不填；加密存储，仅该笔代收的交易员可见。',
  save: '保存',
  saving: '正在保存…',
  saved: '已保存。',
  preview: '预览',
  previewButton: '我已付款',
  logo: '标志',
  logoHint: 'PNG、JPEG 或 WebP，不超过 5 MB；将缩放至 128x128 像素以内。',
  uploadLogo: '上传标志',
  removeLogo: '移除标志',
  confirmRemove: '从收银台移除标志？',
  yesRemove: '确认移除',
  cancel: '保留',
  chooseFile: '请先选择图片。',
  logoSaved: '标志已保存。',
  logoRemoved: '标志已移除。',
  loading: '正在加载…',
};

export const checkoutSettingsMessages: Record<MerchantLang, CheckoutSettingsMessages> = { en, zh };
