import type { Metadata } from 'next';
import { ConsoleNotFound } from '../../_components/console/console-not-found';
import { merchantLangOfRequest } from '../_components/merchant-language';
import { merchantMessages } from '../_components/messages';

export async function generateMetadata(): Promise<Metadata> {
  return { title: merchantMessages[await merchantLangOfRequest()].notFound.title };
}

/** An unknown order in the merchant console: HTTP 404, in the console's frame and language. */
export default async function MerchantNotFound() {
  const t = merchantMessages[await merchantLangOfRequest()].notFound;
  return <ConsoleNotFound title={t.title} lead={t.lead} home="/merchant" homeLabel={t.home} />;
}
