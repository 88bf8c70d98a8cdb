import { z } from 'zod';
import { listPayoutProofs } from '../../../../server/proofs/list-payout-proofs';
import { loadMerchantProofImage } from '../../../../server/proofs/load-merchant-proof-image';
import { payoutProofListResponse } from '../../../../server/proofs/payout-proof.schema';
import { orderReference } from './order-reference';
import { BinaryBody } from './responses';
import { defineRoute } from './route-definition';

/** GET /api/v1/withdrawals/:orderNo/proofs (docs/api.md, "List a payout's proofs"). */
export const listPayoutProofsRoute = defineRoute({
  operationId: 'listPayoutProofs',
  method: 'GET',
  path: 'withdrawals/:orderNo/proofs',
  auth: 'merchant',
  scopes: ['payouts:read'],
  tag: 'Payouts',
  summary: "List a payout's proofs",
  description:
    'The images the trader uploaded as proof of the transfer, in upload order (empty before any): id, type, size, SHA-256 of the stored image and upload time, with a signed URL that serves the image to you for 5 minutes, without signing headers.',
  params: z.object({ orderNo: orderReference }),
  // No parameters: a misspelt one is refused rather than silently ignored.
  query: z.object({}).strict(),
  success: {
    status: 200,
    schema: payoutProofListResponse,
    description: "The payout's proofs",
    example: {
      items: [
        {
          id: '7d0f3a52-9a51-4a8e-b7a4-0c6f1f4f2b11',
          contentType: 'image/jpeg',
          byteSize: 184213,
          sha256: '9f2b5c0e8d4a7b1c3e6f9a2d5b8c1e4f7a0d3b6c9e2f5a8b1d4c7e0f3a6b9c2d',
          uploadedAt: '2026-11-23T08:21:04.511Z',
          url: 'https://corridor.example/api/v1/withdrawals/WD20261123004211983571/proofs/7d0f3a52-9a51-4a8e-b7a4-0c6f1f4f2b11?merchant=5b6b2d1e-3f0a-4c55-8e1d-9a7c2b4f6e10&expires=1795422364&signature=2c1e0b9f8a7d6c5b4a39281706f5e4d3c2b1a09f8e7d6c5b4a3928170f6e5d4c',
          urlExpiresAt: '2026-11-23T08:26:04.000Z',
        },
      ],
    },
  },
  errors: ['ORDER_NOT_FOUND'],
  handle: async ({ merchant, params, db, now }) => ({
    body: await listPayoutProofs(db, { merchantId: merchant.id, reference: params.orderNo, now }),
  }),
});

/**
 * GET /api/v1/withdrawals/:orderNo/proofs/:proofId (docs/api.md, "Open a proof image"): the URL a
 * proof list gave, opened without signing headers by a browser, an <img> tag or a script.
 */
export const getPayoutProofImage = defineRoute({
  operationId: 'getPayoutProofImage',
  method: 'GET',
  path: 'withdrawals/:orderNo/proofs/:proofId',
  auth: 'signed-url',
  // The URL is the grant of a payouts:read call (the list); it needs no key of its own.
  scopes: ['payouts:read'],
  tag: 'Payouts',
  summary: 'Open a proof image',
  description:
    "The image as stored (re-encoded, without metadata), from the url of a proof list item, before its urlExpiresAt. No signing headers: the query's signature is the authority. A forged or altered URL is SIGNED_URL_INVALID, an expired one SIGNED_URL_EXPIRED; a proof that is not on your payout is ORDER_NOT_FOUND; a suspended merchant's URLs are MERCHANT_DISABLED.",
  params: z.object({ orderNo: orderReference, proofId: z.uuid({ error: 'must be a proof id (UUID)' }).describe('The id of a proof list item.') }),
  success: {
    status: 200,
    schema: z.instanceof(BinaryBody),
    description: 'The image, with Cache-Control: private, no-store and Content-Disposition: inline',
    media: ['image/jpeg', 'image/png', 'image/webp'],
  },
  // A suspended merchant's URLs stop at once, like its keys (loadMerchantProofImage).
  errors: ['ORDER_NOT_FOUND', 'MERCHANT_DISABLED'],
  handle: async ({ merchantId, params, db }) => {
    const image = await loadMerchantProofImage(db, { merchantId, reference: params.orderNo, proofId: params.proofId });
    return { body: new BinaryBody(image.contentType, image.data) };
  },
});
