import type Dialog from 'antd-mobile/es/components/dialog';
import { ensureAntdRenderer } from './antd-renderer';
import { showToast } from './toast';

export interface ConfirmTexts {
  title: string;
  content: string;
  confirmText: string;
  cancelText: string;
}

let dialogModule: Promise<{ default: typeof Dialog }> | null = null;

/**
 * antd-mobile's confirm dialog, named for assistive technology (axe wants a dialog name).
 * Loaded on first use: a screen that may ask (sign out, sign up by code) should not carry it
 * and its animation library until it does.
 */
export async function confirmDialog({ title, content, confirmText, cancelText }: ConfirmTexts): Promise<boolean> {
  dialogModule ??= import('antd-mobile/es/components/dialog');
  const [{ default: dialog }] = await Promise.all([dialogModule, ensureAntdRenderer()]);
  // antd passes aria-label through to role="dialog" but its types omit it.
  const accessibleName = { 'aria-label': title };
  return dialog.confirm({ ...accessibleName, title, content, confirmText, cancelText });
}

/**
 * Asks first, then runs a change and says it is done; a refusal's notice is the HTTP client's.
 * Says whether the change was made (a screen may then leave what no longer exists).
 */
export async function confirmThenRun(texts: ConfirmTexts, run: () => Promise<unknown>, doneText: string) {
  if (!(await confirmDialog(texts))) return false;
  try {
    await run();
  } catch {
    // The HTTP client has shown the notice.
    return false;
  }
  showToast(doneText, 'success');
  return true;
}
