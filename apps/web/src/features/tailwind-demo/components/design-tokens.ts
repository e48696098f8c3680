/**
 * The tokens the /tailwind page shows. Names are the CSS variables of app.css's @theme (the
 * page reads their live values, so it cannot drift from the stylesheet); class names are
 * spelled out in full so Tailwind's scanner generates them.
 */
export const colorTokens = [
  { name: 'brand', swatch: 'bg-brand', role: 'tailwind.color.brand' },
  { name: 'brand-strong', swatch: 'bg-brand-strong', role: 'tailwind.color.brandStrong' },
  { name: 'brand-soft', swatch: 'bg-brand-soft', role: 'tailwind.color.brandSoft' },
  { name: 'ink', swatch: 'bg-ink', role: 'tailwind.color.ink' },
  { name: 'ink-muted', swatch: 'bg-ink-muted', role: 'tailwind.color.inkMuted' },
  { name: 'ink-subtle', swatch: 'bg-ink-subtle', role: 'tailwind.color.inkSubtle' },
  { name: 'tab-inactive', swatch: 'bg-tab-inactive', role: 'tailwind.color.tabInactive' },
  { name: 'canvas', swatch: 'bg-canvas', role: 'tailwind.color.canvas' },
  { name: 'surface', swatch: 'bg-surface', role: 'tailwind.color.surface' },
  { name: 'line', swatch: 'bg-line', role: 'tailwind.color.line' },
  { name: 'danger', swatch: 'bg-danger', role: 'tailwind.color.danger' },
  { name: 'success', swatch: 'bg-success', role: 'tailwind.color.success' },
  { name: 'warning', swatch: 'bg-warning', role: 'tailwind.color.warning' },
] as const;

export const typeScale = [
  { className: 'text-xs', variable: '--text-xs' },
  { className: 'text-sm', variable: '--text-sm' },
  { className: 'text-base', variable: '--text-base' },
  { className: 'text-lg', variable: '--text-lg' },
  { className: 'text-xl', variable: '--text-xl' },
  { className: 'text-2xl', variable: '--text-2xl' },
] as const;

export const spacingScale = [
  { step: '1', width: 'w-1' },
  { step: '2', width: 'w-2' },
  { step: '3', width: 'w-3' },
  { step: '4', width: 'w-4' },
  { step: '6', width: 'w-6' },
  { step: '8', width: 'w-8' },
  { step: '12', width: 'w-12' },
  { step: '16', width: 'w-16' },
] as const;
