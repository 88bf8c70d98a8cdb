import type { NotificationTemplate } from '../template';
import { AMOUNT } from './shared';

/**
 * China Merchants Bank: SMS from 95555. Its texts give the time as "HH:mm", the payer after 付方
 * and the memo after 备注; an amount may come without 元.
 */
export const cmb: NotificationTemplate = {
  id: 'cmb',
  name: 'CMB (招商银行)',
  exampleSender: '95555',
  senders: [/95555$/, /^cmb$/i, /^招商银行$/],
  patterns: [
    {
      // 您账户5678于11月23日14:05收到本行转入人民币1,000.00元，付方张三，账号尾号1234，备注：K7QX2M。[招商银行]
      regex: new RegExp(
        String.raw`账户(?<last4>\d{4})于(?<month>\d{1,2})月(?<day>\d{1,2})日(?<hour>\d{1,2}):(?<minute>\d{2})[^\d]*?(?<direction>转入|入账|存入|收款|转出|支出|扣款|消费|支付)(?:人民币)?` +
          AMOUNT +
          String.raw`元?(?:.*?付方[:：]?(?<payer>[^，,。;；\[\]]+))?(?:.*?备注[:：](?<memo>[^，,。;；\[\]]+))?`,
      ),
      direction: { 转入: 'credit', 入账: 'credit', 存入: 'credit', 收款: 'credit', 转出: 'debit', 支出: 'debit', 扣款: 'debit', 消费: 'debit', 支付: 'debit' },
    },
  ],
  samples: [
    {
      text: '您账户5678于11月23日14:05收到本行转入人民币1,000.00元，付方张三，账号尾号1234，备注：K7QX2M。[招商银行]',
      expect: { direction: 'credit', amount: '1000.00', last4: '5678', time: '11-23 14:05', payer: '张三', memo: 'K7QX2M' },
    },
    {
      text: '【招商银行】您账户5678于01月02日08:07他行实时转入人民币23,456.78，付方李四。',
      expect: { direction: 'credit', amount: '23456.78', last4: '5678', time: '01-02 08:07', payer: '李四' },
    },
    {
      text: '您账户5678于11月23日15:10在【财付通-微信支付】快捷支付200.00元，余额4,800.00。[招商银行]',
      expect: { direction: 'debit', amount: '200.00', last4: '5678', time: '11-23 15:10' },
    },
  ],
};
