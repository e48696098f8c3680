import type Toast from 'antd-mobile/es/components/toast';
import { ensureAntdRenderer } from './antd-renderer';

let toastModule: Promise<{ default: typeof Toast }> | null = null;

/**
 * A short notice in the middle of the screen (failures, "saved", "code sent"). Toast is loaded
 * on the first notice only: most visits never show one.
 */
export function showToast(text: string, icon?: 'success' | 'fail'): void {
  toastModule ??= import('antd-mobile/es/components/toast');
  void Promise.all([toastModule, ensureAntdRenderer()]).then(([{ default: toast }]) =>
    toast.show({ content: text, position: 'center', ...(icon ? { icon } : {}) }),
  );
}
