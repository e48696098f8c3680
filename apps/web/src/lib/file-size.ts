/**
 * A file size with one decimal from KB up ("2.3 MB", "13.0 MB"), whole bytes under 1 KB, in
 * binary multiples as file managers show them.
 */
export function formatFileSize(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = Math.max(0, Math.round(bytes));
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${units[unit]}`;
}
