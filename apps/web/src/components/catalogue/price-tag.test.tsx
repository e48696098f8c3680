import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render-with-providers';
import { PriceTag, priceParts } from './price-tag';

describe('priceParts', () => {
  it('turns cents into yuan and dollars with the currency symbol', () => {
    expect(priceParts({ amount: 9900, original: null, currency: 'CNY' }, 'cn')).toEqual({
      free: false,
      current: '¥99.00',
      original: null,
    });
    expect(priceParts({ amount: 1, original: null, currency: 'USD' }, 'en').current).toBe('$0.01');
    expect(priceParts({ amount: 123456, original: null, currency: 'CNY' }, 'en').current).toBe('¥1,234.56');
  });

  it('shows 0 as the free label in each language', () => {
    expect(priceParts({ amount: 0, original: null, currency: 'CNY' }, 'cn')).toMatchObject({
      free: true,
      current: '免费',
    });
    expect(priceParts({ amount: 0, original: null, currency: 'USD' }, 'en')).toMatchObject({
      free: true,
      current: 'Free',
    });
  });

  it('crosses out the original only when it is higher than the price paid', () => {
    expect(priceParts({ amount: 5000, original: 8000, currency: 'CNY' }, 'cn').original).toBe('¥80.00');
    expect(priceParts({ amount: 0, original: 8000, currency: 'USD' }, 'en')).toMatchObject({
      current: 'Free',
      original: '$80.00',
    });
    expect(priceParts({ amount: 5000, original: 5000, currency: 'CNY' }, 'cn').original).toBeNull();
    expect(priceParts({ amount: 5000, original: 4000, currency: 'CNY' }, 'cn').original).toBeNull();
  });
});

describe('PriceTag', () => {
  it('names the crossed-out price for screen readers', async () => {
    await renderWithProviders(<PriceTag price={{ amount: 1990, original: 2990, currency: 'USD' }} />);
    const tag = screen.getByTestId('price-tag');
    expect(tag.textContent).toBe('$19.90Original price$29.90');
    expect(tag.querySelector('del')?.textContent).toBe('Original price$29.90');
  });
});
