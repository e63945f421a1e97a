export * from './address-policy.ts';
export * from './resolve-address.ts';
export * from './fetch-safely.ts';
export * from './configured-egress.ts';
export * from './host-gate.ts';
export * from './shared-host-gate.ts';
