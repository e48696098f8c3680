/** WCAG colour helpers: a school's configured colours must still be readable as text. */
type Rgb = [number, number, number];

export function parseHex(color: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match) return null;
  let hex = match[1]!;
  if (hex.length === 3) hex = [...hex].map((c) => c + c).join('');
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as Rgb;
}

function toHex(rgb: Rgb): string {
  return `#${rgb.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`.toUpperCase();
}

function luminance([r, g, b]: Rgb): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

export function contrastRatio(a: string, b: string): number {
  const ca = parseHex(a);
  const cb = parseHex(b);
  if (!ca || !cb) return 1;
  const [hi, lo] = [luminance(ca), luminance(cb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/**
 * The colour itself when it reaches `minRatio` against the background, otherwise the same hue
 * darkened just enough (WCAG AA body text needs 4.5:1).
 */
export function readableOn(color: string, background = '#FFFFFF', minRatio = 4.5): string {
  const rgb = parseHex(color);
  if (!rgb) return color;
  if (contrastRatio(color, background) >= minRatio) return toHex(rgb);
  for (let k = 0.98; k > 0; k -= 0.02) {
    const candidate = toHex(rgb.map((v) => v * k) as Rgb);
    if (contrastRatio(candidate, background) >= minRatio) return candidate;
  }
  return '#000000';
}
