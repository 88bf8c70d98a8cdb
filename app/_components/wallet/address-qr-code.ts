import QRCode from 'qrcode';

/**
 * A deposit address as a QR code: an SVG made on the server (as the second factor's, no third-party
 * renderer), returned as a data: URL for an <img>. The address alone, which every wallet scans.
 */
export async function addressQrCode(address: string): Promise<string> {
  const svg = await QRCode.toString(address, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
