import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { PATHS } from '../../routes/paths';

const SEARCH_DELAY_MS = 350;

/** The route of a search: /clients/{search}, or /clients when it is empty. */
export function clientsSearchPath(search: string): string {
  const text = search.trim();
  return text === '' ? PATHS.clients : `${PATHS.clients}/${encodeURIComponent(text)}`;
}

/**
 * The search box's text, kept in step with the /clients/:search route: typing updates the route after
 * a short pause (so the address can be shared and Back works), and a route change updates the box.
 */
export function useSearchRoute(search: string) {
  const navigate = useNavigate();
  const [inputValue, setInputValue] = useState(search);
  const [routeSearch, setRouteSearch] = useState(search);
  if (routeSearch !== search) {
    setRouteSearch(search);
    setInputValue(search);
  }

  useEffect(() => {
    if (inputValue.trim() === search.trim()) {
      return;
    }
    const timer = setTimeout(
      () => navigate(clientsSearchPath(inputValue), { replace: true }),
      SEARCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [inputValue, search, navigate]);

  return { inputValue, setInputValue };
}
