import { queryOptions, useQuery } from '@tanstack/react-query';
import { ROUTE_API, type RouteDay } from '../../../shared/route.schemas.js';

/** The day on the road: read once the screen opens, and from the phone's copy when there is no network. */
export const routeDayQuery = queryOptions<RouteDay>({
  queryKey: [ROUTE_API],
  // Ask even offline: the route's service worker answers from the phone's copy of the day.
  networkMode: 'offlineFirst',
});

export const useRouteDay = () => useQuery(routeDayQuery);
