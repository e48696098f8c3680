import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SectionTabs, type SectionTab } from './section-tabs';

type Key = 'a' | 'b' | 'c';
const labels = { a: 'Alpha', b: 'Beta', c: 'Gamma' };
const mounts: Key[] = [];

function Panel({ name }: { name: Key }) {
  const [mounted] = useState(() => {
    mounts.push(name);
    return true;
  });
  return mounted ? <p>{labels[name]} content</p> : null;
}

function Kept() {
  const [active, setActive] = useState<Key>('a');
  const tabs: SectionTab<Key>[] = (['a', 'b', 'c'] as const).map((key) => ({
    key,
    label: labels[key],
    render: () => <Panel name={key} />,
  }));
  return <SectionTabs<Key> tabs={tabs} active={active} onChange={setActive} label="Sections" />;
}

function ActiveOnly() {
  const [active, setActive] = useState<Key>('a');
  const tabs = (['a', 'b', 'c'] as const).map((key) => ({ key, label: labels[key] }));
  return (
    <SectionTabs<Key> tabs={tabs} active={active} onChange={setActive} label="Sections" idBase="demo">
      <Panel key={active} name={active} />
    </SectionTabs>
  );
}

describe('SectionTabs', () => {
  it('moves with the arrow, Home and End keys, selecting and focusing the tab', () => {
    render(<ActiveOnly />);
    const alpha = screen.getByRole('tab', { name: 'Alpha' });
    fireEvent.keyDown(alpha, { key: 'ArrowLeft' });
    expect(screen.getByRole('tab', { name: 'Gamma', selected: true })).toBe(document.activeElement);
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(screen.getByRole('tab', { name: 'Alpha', selected: true })).toBe(document.activeElement);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Beta', selected: true })).toBe(document.activeElement);
    fireEvent.keyDown(document.activeElement!, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Gamma', selected: true }).tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Alpha' }).tabIndex).toBe(-1);
  });

  it('renders only the active panel, labelled by its tab, when the screen passes it', () => {
    render(<ActiveOnly />);
    fireEvent.click(screen.getByRole('tab', { name: 'Beta' }));
    expect(screen.getAllByRole('tabpanel')).toHaveLength(1);
    expect(screen.getByRole('tabpanel', { name: 'Beta' }).textContent).toBe('Beta content');
    expect(screen.getByTestId('demo-tab-b').getAttribute('aria-controls')).toBe('demo-panel-b');
    expect(screen.getByTestId('demo-tab-a').getAttribute('aria-controls')).toBeNull();
  });

  it('mounts a rendered panel on its first visit and keeps it', () => {
    mounts.length = 0;
    render(<Kept />);
    expect(mounts).toEqual(['a']);
    fireEvent.click(screen.getByTestId('tab-c'));
    fireEvent.click(screen.getByTestId('tab-a'));
    fireEvent.click(screen.getByTestId('tab-c'));
    expect(mounts).toEqual(['a', 'c']);
    expect(screen.getByRole('tabpanel', { name: 'Gamma' }).textContent).toBe('Gamma content');
    expect(screen.getByTestId('panel-a').hidden).toBe(true);
    expect(screen.getByTestId('panel-b').textContent).toBe('');
  });
});
