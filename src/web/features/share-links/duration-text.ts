import { countOf } from '../../../shared/wording.js';

/** A span of time as a person says it: 'under a minute', '45 minutes', '3.5 hours', '2.1 days'. */
export function durationText(hours: number): string {
  const minutes = Math.round(hours * 60);
  if (minutes < 1) return 'under a minute';
  if (minutes < 60) return countOf(minutes, 'minute');
  const [amount, unit] = hours < 48 ? [Number(hours.toFixed(1)), 'hour'] : [Number((hours / 24).toFixed(1)), 'day'];
  return `${amount} ${amount === 1 ? unit : `${unit}s`}`;
}
