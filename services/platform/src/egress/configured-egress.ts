/**
 * The egress module as a deployment configures it: the allow-list from `EGRESS_ALLOW` and a
 * User-Agent naming the site, the purpose and where to find the site. Each job family passes its
 * own time-outs, retries and per-host pacing.
 */
import type { RegistryConfig } from '../config.ts';
import { egressAllowList } from './address-policy.ts';
import { createEgress, type Egress, type EgressSettings } from './fetch-safely.ts';

export function configuredEgress(
  config: Pick<RegistryConfig, 'egressAllow' | 'siteName' | 'publicUrl'>,
  purpose: string,
  settings: Partial<EgressSettings> = {},
): Egress {
  return createEgress({ allow: egressAllowList(config.egressAllow), userAgent: `${config.siteName} ${purpose} (+${config.publicUrl})`, ...settings });
}
