import QRCode from 'qrcode';

/**
 * The otpauth:// link as a QR code, an SVG made on the server (no request leaves the server and
 * the secret never reaches a third-party renderer), returned as a data: URL for an <img>.
 */
export async function totpQrCode(options: { otpauthUrl: string }): Promise<string> {
  const svg = await QRCode.toString(options.otpauthUrl, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
