import { describe, expect, it } from 'vitest';
import { medianRate } from './reference-rate';

describe('medianRate', () => {
  it.each<[string[], string | null]>([
    [[], null],
    [['7.2'], '7.2000'],
    [['7.3000', '7.1000', '7.2000'], '7.2000'], // sorted by value, not by input order
    [['7.1000', '7.2001'], '7.1501'], // 7.15005: half up
    [['7.1000', '7.2000'], '7.1500'],
    [['10.0000', '9.0000', '7.0000', '8.0000'], '8.5000'], // sorted as decimals, not as text
    [['7.2000', '7.2000', '100.0000'], '7.2000'], // an outlier does not move it
  ])('of %j is %s', (prices, median) => {
    expect(medianRate(prices)).toBe(median);
  });
});
