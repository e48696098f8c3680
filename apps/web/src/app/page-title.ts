/** docs/product.md#look: the route's title, else the tenant name, else the default product title. */
export function pageTitle(routeTitle: string | null, tenantName: string | null, defaultTitle: string): string {
  return routeTitle || tenantName || defaultTitle;
}
