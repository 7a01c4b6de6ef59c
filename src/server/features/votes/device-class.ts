import Bowser from 'bowser';
import type { DEVICE_CLASSES } from '../../../shared/analytics.schemas.js';

export type DeviceClass = (typeof DEVICE_CLASSES)[number];

/**
 * The coarse class of the device a vote came from, for the demographics' device shares. Only the
 * class is kept (DECISIONS 10): the user agent itself would help tell one customer from another.
 * Anything that is not plainly a phone, a tablet or a computer (a TV, a bot, no agent) is null.
 */
export function deviceClassOf(userAgent: string | undefined): DeviceClass | null {
  if (!userAgent) return null;
  const platform = Bowser.parse(userAgent).platform.type;
  if (platform === 'mobile') return 'phone';
  if (platform === 'tablet') return 'tablet';
  if (platform === 'desktop') return 'desktop';
  return null;
}
