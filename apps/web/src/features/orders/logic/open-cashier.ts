/** Sends the browser to the payment gateway's page (its own module: tests watch it, jsdom cannot leave). */
export function openCashier(url: string): void {
  window.location.assign(url);
}
