import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../lib/color';
import { TabBar, type TabBarItem } from './tab-bar';

const item = (key: string, active: boolean, extra: Partial<TabBarItem> = {}): TabBarItem => ({
  key,
  label: key,
  to: `/${key.toLowerCase()}?pathFrom=tab`,
  external: false,
  iconUrl: `/mobile/seed/tab-${key}.svg`,
  activeIconUrl: `/mobile/seed/tab-${key}-active.svg`,
  active,
  activeColor: '#38BDF8',
  inactiveColor: '#9EA5BB',
  ...extra,
});

function rgbToHex(rgb: string): string {
  const [r, g, b] = rgb.match(/\d+/g)!.map(Number);
  return `#${[r, g, b].map((v) => v!.toString(16).padStart(2, '0')).join('')}`;
}

describe('TabBar', () => {
  it('is a named nav landmark marking the active tab with aria-current', () => {
    render(
      <MemoryRouter>
        <TabBar label="Main" items={[item('Home', true), item('Me', false)]} />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(nav).toBeTruthy();
    const home = screen.getByRole('link', { name: 'Home' });
    expect(home.getAttribute('aria-current')).toBe('page');
    expect(home.getAttribute('href')).toBe('/home?pathFrom=tab');
    expect(screen.getByRole('link', { name: 'Me' }).getAttribute('aria-current')).toBeNull();
    // Icons are decorative: the label names the link.
    expect(home.querySelector('img')?.getAttribute('alt')).toBe('');
    expect(home.querySelector('img')?.getAttribute('src')).toBe('/mobile/seed/tab-Home-active.svg');
  });

  it('keeps label text readable (≥ 4.5:1) even with the spec colours or a school colour', () => {
    render(
      <MemoryRouter>
        <TabBar label="Main" items={[item('Home', true, { activeColor: '#FFD400' }), item('Me', false)]} />
      </MemoryRouter>,
    );
    for (const name of ['Home', 'Me']) {
      const label = screen.getByText(name);
      expect(contrastRatio(rgbToHex(label.style.color), '#ffffff')).toBeGreaterThanOrEqual(4.5);
    }
  });
});
