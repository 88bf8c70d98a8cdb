import { getDatabase } from '../../../../db';
import { DomainError } from '../../../../server/errors';
import { checkoutLogo } from '../../../../server/payins/checkout-page';

/** GET /pay/:token/logo: the merchant's checkout logo, stored re-encoded (docs/merchant-guide.md, "Checkout settings"). */
export async function GET(_request: Request, { params }: { params: Promise<{ token: string }> }): Promise<Response> {
  const { token } = await params;
  try {
    const logo = await checkoutLogo((await getDatabase()).db, token);
    if (!logo) return new Response(null, { status: 404 });
    return new Response(Buffer.from(logo.data), {
      headers: { 'Content-Type': logo.contentType, 'Cache-Control': 'private, max-age=300', 'X-Content-Type-Options': 'nosniff' },
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === 'ORDER_NOT_FOUND') return new Response(null, { status: 404 });
    throw error;
  }
}
