import { describe, expect, it } from 'vitest';
import { fieldsOfRefusal, readQuoteForm } from './quote-fields';

describe('the quote form as typed', () => {
  it('reads 7.15 as the 4-decimal price 7.1500 and whole amounts with 2 decimals', () => {
    expect(readQuoteForm({ price: '7.15', minFiat: '100', maxFiat: '50,000' })).toEqual({
      ok: true,
      values: { price: '7.1500', minFiat: '100.00', maxFiat: '50000.00' },
    });
  });

  it('names each field that is wrong, and a maximum below the minimum', () => {
    expect(readQuoteForm({ price: 'abc', minFiat: '', maxFiat: '1.234' })).toEqual({
      ok: false,
      problems: { price: 'notNumber', minFiat: 'required', maxFiat: 'tooManyDecimals' },
    });
    expect(readQuoteForm({ price: '7.1500', minFiat: '500.00', maxFiat: '50.00' })).toEqual({ ok: false, problems: { maxFiat: 'maxBelowMin' } });
  });

  it('puts a server refusal on the fields it names', () => {
    expect(fieldsOfRefusal(['price', 'maxFiat', 'side'])).toEqual({ price: 'invalid', maxFiat: 'invalid' });
    expect(fieldsOfRefusal([])).toEqual({});
  });
});
