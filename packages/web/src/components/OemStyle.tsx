import { useLayoutSettings } from '../hooks/useLayoutSettings';

/**
 * The OEM's custom styling (layout settings css) on every page. React sets it as the element's
 * text, and the server refuses CSS containing '<', so it can never end the element early.
 */
export function OemStyle() {
  const { data } = useLayoutSettings();
  const css = data?.css ?? '';
  if (css.trim() === '') {
    return null;
  }
  return <style data-testid="oem-css">{css}</style>;
}
