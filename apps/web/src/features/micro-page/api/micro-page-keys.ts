import type { ProductListRequest } from './get-product-list-block';

export const microPageKeys = {
  all: ['micro-page'] as const,
  detail: (id: number) => [...microPageKeys.all, id] as const,
  productList: (request: ProductListRequest) => [...microPageKeys.all, 'product-list', request] as const,
};
