import type { NotificationTemplate } from '../template';
import { AMOUNT } from './shared';

/** Agricultural Bank of China: SMS from 95599. A debit is a negative amount. */
export const abc: NotificationTemplate = {
  id: 'abc',
  name: 'ABC (农业银行)',
  exampleSender: '95599',
  senders: [/95599$/, /^abc$/i, /^农业银行$/],
  patterns: [
    {
      // 【中国农业银行】张三于11月23日14:05向您尾号1234账户完成转存交易人民币1,000.00，余额5,000.00。
      regex: new RegExp(
        String.raw`(?<payer>[^【】\s]{1,30})于(?<month>\d{1,2})月(?<day>\d{1,2})日(?<hour>\d{1,2}):(?<minute>\d{2})向您尾号(?<last4>\d{4})账户完成[^交]*交易人民币(?<direction>-?)` +
          AMOUNT +
          String.raw`(?:.*?附言[:：](?<memo>[^，,。]+))?`,
      ),
      direction: { '': 'credit', '-': 'debit' },
    },
    {
      // 【中国农业银行】您尾号1234账户11月23日15:10完成支付宝交易人民币-200.00，余额4,800.00。
      regex: new RegExp(
        String.raw`您尾号(?<last4>\d{4})账户(?<month>\d{1,2})月(?<day>\d{1,2})日(?<hour>\d{1,2}):(?<minute>\d{2})完成[^交]*交易人民币(?<direction>-?)` +
          AMOUNT +
          String.raw`(?:.*?附言[:：](?<memo>[^，,。]+))?`,
      ),
      direction: { '': 'credit', '-': 'debit' },
    },
  ],
  samples: [
    {
      text: '【中国农业银行】张三于11月23日14:05向您尾号1234账户完成转存交易人民币1,000.00，余额5,000.00。',
      expect: { direction: 'credit', amount: '1000.00', last4: '1234', time: '11-23 14:05', payer: '张三' },
    },
    {
      text: '【中国农业银行】您尾号1234账户11月23日16:20完成代付交易人民币2,500.50，余额7,500.50，附言：K7QX2M。',
      expect: { direction: 'credit', amount: '2500.50', last4: '1234', time: '11-23 16:20', memo: 'K7QX2M' },
    },
    {
      text: '【中国农业银行】您尾号1234账户11月23日15:10完成支付宝交易人民币-200.00，余额4,800.00。',
      expect: { direction: 'debit', amount: '200.00', last4: '1234', time: '11-23 15:10' },
    },
  ],
};
