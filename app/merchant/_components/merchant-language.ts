import { langOfRequest } from '../../_components/lang-of-request';
import type { MerchantLang } from './messages';

/** The console's language: the one chosen with the toggle (the checkout's cookie), else the browser's. */
export async function merchantLangOfRequest(): Promise<MerchantLang> {
  return langOfRequest();
}
