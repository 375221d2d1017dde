import { type ComponentType, lazy, Suspense } from 'react';
import { PageSpinner } from '../components/PageSpinner';

/**
 * A component loaded from its own chunk on first render, with a spinner meanwhile, so a visitor's first
 * page downloads only what it shows. Create it once per module: each call is a new component type.
 */
export function lazyPage<Props extends object, Name extends string>(
  load: () => Promise<{ [key in Name]: ComponentType<Props> }>,
  name: Name,
  { isFullScreen = false }: { isFullScreen?: boolean } = {},
): ComponentType<Props> {
  const Loaded = lazy(async () => {
    const component: ComponentType<Props> = (await load())[name];
    return { default: component };
  });
  return function LazyPage(props: Props) {
    return (
      <Suspense fallback={<PageSpinner isFullScreen={isFullScreen} />}>
        <Loaded {...props} />
      </Suspense>
    );
  };
}
