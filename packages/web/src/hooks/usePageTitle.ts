import { useEffect } from 'react';

/** Sets the browser tab's title to '<title> · Vigil'. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title === '' ? 'Vigil' : `${title} · Vigil`;
  }, [title]);
}
