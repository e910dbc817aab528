import { useEffect } from 'react';

/**
 * Right-click (docs/finished.md#navigation): and the developer-tool keys are blocked on the finished screen, and only there:
 * the listeners live as long as the page.
 */
export function useBlockDevTools() {
  useEffect(() => {
    const noMenu = (e: MouseEvent) => e.preventDefault();
    const noDevTools = (e: KeyboardEvent) => {
      const key = e.key.toUpperCase();
      const inspector = (e.ctrlKey || e.metaKey) && e.shiftKey && ['I', 'J', 'C'].includes(key);
      if (key === 'F12' || inspector) e.preventDefault();
    };
    document.addEventListener('contextmenu', noMenu);
    document.addEventListener('keydown', noDevTools);
    return () => {
      document.removeEventListener('contextmenu', noMenu);
      document.removeEventListener('keydown', noDevTools);
    };
  }, []);
}
