import type { Metadata } from 'next';
import { langOfRequest } from '../../_components/lang-of-request';
import { traderMessages, type TraderLang, type TraderMessages } from './messages';

/** The dashboard's language for this request (the toggle's cookie, else the browser's) and its strings. */
export async function traderMessagesOfRequest(): Promise<{ lang: TraderLang; t: TraderMessages }> {
  const lang = await langOfRequest();
  return { lang, t: traderMessages[lang] };
}

/** A page's title in the trader's language; dashboard pages are never indexed. */
export async function traderPageMetadata(title: (t: TraderMessages) => string): Promise<Metadata> {
  const { t } = await traderMessagesOfRequest();
  return { title: title(t), robots: { index: false } };
}
