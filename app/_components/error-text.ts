import type { Lang } from '../pay/[token]/language';
import { errorCodeTexts } from './error-code-texts';

/** The words a form gives its fields, by the path the schema names them (`checkoutAccentColor`: "Accent colour"). */
export type FieldLabels = Record<string, string>;

type Refusal = { message?: string; data?: { code?: string; details?: { path: string; message: string }[] } | null };

const said = {
  en: {
    generic: 'The request was refused. Check the form and try again.',
    fields: (labels: string[]) => `Check ${labels.join(', ')}: the value is not valid.`,
    field: (label: string, message: string) => `${label} ${message}`,
    someFields: 'Some fields need attention',
    anyField: 'the input',
    fieldNotValid: 'This value is not valid.',
  },
  zh: {
    generic: '请求未被接受，请检查后重试。',
    fields: (labels: string[]) => `请检查“${labels.join('”、“')}”：填写的值无效。`,
    field: (label: string) => label,
    someFields: '部分内容需要修改',
    anyField: '输入内容',
    fieldNotValid: '该项的值无效，请检查后重试。',
  },
} as const;

/** A field's label by its whole path, else by its last name (`settings.checkoutAccentColor`, `status.0`: `status`). */
function fieldOf(path: string, labels: FieldLabels): string | undefined {
  const last = path.split('.').filter((segment) => !/^\d+$/.test(segment)).at(-1) ?? path;
  return labels[path] ?? labels[last];
}

/**
 * A refused call as the pages show it: a sentence in the page's language, chosen by the code of
 * docs/errors.md (error-code-texts.ts), never the code itself. A refusal of the input names each
 * field by its label on the form (`labels`); English adds the schema's own words ("must be a
 * colour like #1A73E8"), Chinese says the value is not valid. A plain module, not a client one, so
 * a page rendered on the server words a refusal the same way as a form in the browser.
 */
export function errorText(error: unknown, lang: Lang = 'en', labels: FieldLabels = {}): string | null {
  if (!error) return null;
  const shape = error as Refusal;
  const code = shape.data?.code;
  const details = shape.data?.details ?? [];
  const words = said[lang];
  if (details.length > 0 || code === 'VALIDATION_FAILED') {
    if (details.length === 0) return errorCodeTexts[lang].VALIDATION_FAILED ?? words.generic;
    if (lang === 'zh') {
      const named = [...new Set(details.map((detail) => fieldOf(detail.path, labels) ?? words.anyField))];
      return words.fields(named);
    }
    const parts = details.map((detail) => said.en.field(fieldOf(detail.path, labels) ?? (detail.path || said.en.anyField), detail.message));
    return `${said.en.someFields}: ${parts.join('; ')}.`;
  }
  const known = code ? errorCodeTexts[lang][code] : undefined;
  if (lang === 'en') {
    // The server's own sentence is English and says most (e.g. which order was not found).
    const message = shape.message && !shape.message.startsWith('[') && !/^[A-Z_]+$/.test(shape.message) ? shape.message : undefined;
    return message ?? known ?? words.generic;
  }
  return known ?? words.generic;
}

/** The message a refused call gave for one field (`path` as the schema names it), for under that field, in the page's language. */
export function fieldError(error: unknown, path: string, lang: Lang = 'en'): string | null {
  const shape = error as Refusal | null;
  const detail = shape?.data?.details?.find((entry) => entry.path === path || entry.path.endsWith(`.${path}`));
  if (!detail) return null;
  return lang === 'zh' ? said.zh.fieldNotValid : detail.message;
}
