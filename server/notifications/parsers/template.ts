import type { NotificationDirection } from '../../../db/schema/bank-notifications';

/**
 * What one sample message must parse to: the team writes these in the bank's real format, and
 * parse-notification.test.ts runs every template against its own samples.
 */
interface TemplateSample {
  text: string;
  expect: {
    direction: NotificationDirection;
    amount: string;
    last4?: string;
    /** Local time in China (UTC+8) as "MM-DD HH:mm" (or "YYYY-MM-DD HH:mm" when the text has a year). */
    time?: string;
    payer?: string;
    memo?: string;
  };
}

/**
 * One message shape of a bank or wallet. The regex's named groups are the fields: `amount`
 * (digits, optional thousands separators and 1-2 decimals), `direction` (a word the template's
 * `directions` maps), `last4`, `payer`, `memo`, and the time as `year` (2 or 4 digits), `month`,
 * `day`, `hour`, `minute`, `second`. A pattern without a `direction` group has a fixed direction.
 */
interface TemplatePattern {
  regex: RegExp;
  direction: NotificationDirection | Readonly<Record<string, NotificationDirection>>;
}

/**
 * A parser as data (docs/trader-guide.md, "Automatic confirmation"): adding a bank is adding one
 * of these and its samples. `senders` are matched against the forwarder's sender field (an SMS
 * short code or an app's name or package).
 */
export interface NotificationTemplate {
  id: string;
  name: string;
  senders: readonly RegExp[];
  /** A sender a forwarder reports for this bank (the samples are read as from it). */
  exampleSender: string;
  patterns: readonly TemplatePattern[];
  samples: readonly TemplateSample[];
}
