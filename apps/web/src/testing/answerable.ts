import { waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * An exam's or homework's answer input once it takes answers: they wait for the phone's journal
 * to be read (disabled or read-only until then), and a tap waits for them, as a finger would.
 */
export async function answerable<T extends HTMLElement>(found: Promise<T>): Promise<T> {
  const element = await found;
  await waitFor(() => {
    expect(element.closest('fieldset')?.disabled ?? false).toBe(false);
    expect((element as Partial<HTMLTextAreaElement>).readOnly ?? false).toBe(false);
  });
  return element;
}
