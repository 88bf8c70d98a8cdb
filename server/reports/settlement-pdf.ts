import { existsSync } from 'node:fs';
import type { Content, TDocumentDefinitions, TFontDictionary } from 'pdfmake/interfaces';
import type { SettlementReport, SignedSettlementReport } from './settlement-report.schema';

/**
 * The CJK font the PDF embeds when a name in the report is outside Latin-1 (a trader's Chinese
 * name): the standard PDF fonts, used otherwise, cannot draw it, and embedding a CJK font in every
 * report would add megabytes for nothing.
 */
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const CJK_FACE = 'NotoSansCJKsc-Regular';
const STANDARD_FONTS = ['Helvetica', 'Helvetica-Bold', 'Helvetica-Oblique', 'Helvetica-BoldOblique'];

type Pdfmake = typeof import('pdfmake');

/**
 * pdfmake, loaded on the first PDF a process makes and configured once. With its font engine it
 * holds about 8 MB of heap, and most processes never print a report (docs/performance.md, "Memory").
 */
let loading: Promise<Pdfmake> | undefined;
function loadPdfmake(): Promise<Pdfmake> {
  loading ??= import('pdfmake').then((loaded) => {
    // pdfmake is CommonJS: Node's import() gives its exports as the namespace's default.
    const pdfmake = (loaded as unknown as { default?: Pdfmake }).default ?? loaded;
    configure(pdfmake);
    return pdfmake;
  });
  return loading;
}

function configure(pdfmake: Pdfmake): void {
  // No report names a URL or a file: fetching one (or reading any file but the font) would be a bug.
  pdfmake.setUrlAccessPolicy(() => false);
  // The standard fonts are named, not read; pdfmake asks the policy about their names all the same.
  pdfmake.setLocalAccessPolicy((path) => path === CJK_FONT || STANDARD_FONTS.includes(path));
  const cjk = [CJK_FONT, CJK_FACE];
  // A collection (.ttc) is named with its face; pdfmake takes [file, face] though its types say a file only.
  const fonts = {
    Helvetica: { normal: 'Helvetica', bold: 'Helvetica-Bold', italics: 'Helvetica-Oblique', bolditalics: 'Helvetica-BoldOblique' },
    ...(existsSync(CJK_FONT) ? { NotoSansCJK: { normal: cjk, bold: cjk, italics: cjk, bolditalics: cjk } } : {}),
  };
  pdfmake.setFonts(fonts as unknown as TFontDictionary);
}

function needsCjk(report: SettlementReport): boolean {
  const outside = /[^\u0000-\u00ff]/;
  return report.rows.some((row) => outside.test(row.traderName ?? '') || outside.test(row.merchantOrderNo ?? ''));
}

/**
 * The settlement report as a PDF for people (docs/api.md, "Settlement reports"): the same rows and
 * totals as the JSON, with the JSON's signature printed at the end so a reader can see which key
 * signed. The bytes of the PDF itself are signed too, by the caller (a header), since the PDF is
 * not the canonical form.
 */
export async function settlementPdf(signed: SignedSettlementReport): Promise<Uint8Array> {
  const pdfmake = await loadPdfmake();
  const { report, signature } = signed;
  const font = needsCjk(report) && existsSync(CJK_FONT) ? 'NotoSansCJK' : 'Helvetica';
  const header = ['Time (UTC)', 'Category', 'Order', 'Your order', 'Fiat', 'Rate', 'Gross', 'Fee', 'Net', 'Trader', 'Bank notification / tx'];
  const body = report.rows.map((row) => [
    row.createdAt.slice(11, 19),
    row.category,
    row.orderNo ?? row.transferId,
    row.merchantOrderNo ?? '',
    row.fiatAmount ? `${row.fiatAmount} ${row.fiatCurrency ?? ''}` : '',
    row.rate ?? '',
    row.gross,
    row.fee,
    row.net,
    row.traderName ?? '',
    row.bankNotificationId ?? row.txHash ?? '',
  ]);
  const content: Content[] = [
    { text: `Settlement report ${report.date}`, style: 'title' },
    { text: `Merchant ${report.merchantId} - amounts in ${report.currency}`, margin: [0, 0, 0, 8] },
    {
      table: {
        headerRows: 1,
        widths: [40, 62, 90, 60, 55, 35, 50, 40, 50, 60, '*'],
        body: [header.map((text) => ({ text, bold: true })), ...body, ['Total', `${report.totals.rows} rows`, '', '', '', '', report.totals.gross, report.totals.fee, report.totals.net, '', '']],
      },
      layout: 'lightHorizontalLines',
      fontSize: 7,
    },
    { text: `Opening balance ${report.openingBalance}   Net ${report.totals.net}   Closing balance ${report.closingBalance}`, margin: [0, 10, 0, 0] },
    { text: `Signed ${signature.algorithm}, key ${signature.keyId}: ${signature.value}`, fontSize: 6, margin: [0, 10, 0, 0] },
  ];
  const definition: TDocumentDefinitions = {
    pageSize: 'A4',
    pageOrientation: 'landscape',
    pageMargins: [24, 24, 24, 24],
    defaultStyle: { font, fontSize: 9 },
    styles: { title: { fontSize: 14, bold: true, margin: [0, 0, 0, 4] } },
    info: { title: `Settlement report ${report.date}`, producer: 'Corridor' },
    content,
  };
  return new Uint8Array(await pdfmake.createPdf(definition).getBuffer());
}
