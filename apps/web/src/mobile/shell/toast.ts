import type { ToastShowProps } from 'antd-mobile';

/**
 * antd-mobile's toast, loaded the first time one is shown: it brings the library's motion code, which the first screen
 * never needs (docs/mobile.md#speed). For the shell's own messages; a page loaded later imports Toast directly.
 */
export function showToast(props: ToastShowProps): void {
  void import('antd-mobile/es/components/toast').then(({ default: Toast }) => Toast.show(props));
}
