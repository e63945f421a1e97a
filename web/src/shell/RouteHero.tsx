/** The hero of the current route, from its handle; search routes pick it by registry. */
import { useMatches, useSearchParams } from 'react-router';
import { isRouteHandle } from '../kit/routeHandle.ts';
import { Hero } from './Hero.tsx';
import { heroForRegistry } from './heroContent.ts';

export function RouteHero() {
  const matches = useMatches();
  const [params] = useSearchParams();
  const handle = [...matches].reverse().map((match) => match.handle).find((value) => isRouteHandle(value) && value.hero);
  if (!isRouteHandle(handle) || !handle.hero) return null;
  const content = handle.hero === 'by-registry' ? heroForRegistry(params.get('fairsharingRegistry') ?? handle.registry) : handle.hero;
  // Search pages carry their own h1 (result count); the hero title is then a second-level heading,
  // and on a phone a thin band, so that the first results are on the first screen.
  return <Hero title={content.title} subtitle={content.subtitle} titleLevel="h2" slimOnPhone />;
}
